import { startEarly } from './api/early';
import { firstRequests } from './app/firstRequests';
import { loadSignedIn } from './app/screens';
import { persisted } from './lib/persisted';

// The first script index.html runs: it carries only the storage reader, the screens' map and their
// first reads, so it arrives long before React. Signed in, the shell's and the screen's code start
// downloading here, beside React's, and so do the screen's first reads (api/early.ts), instead of
// after the whole first load has arrived and run.
const user = persisted.currentUser.get();
if (user !== null) {
  startEarly(firstRequests(window.location.pathname, window.location.search, user));
  void loadSignedIn(window.location.pathname).catch(() => undefined);
}
