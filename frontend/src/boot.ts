import { startEarly } from './api/early';
import { bootScreenMatch } from './app/bootScreenMatch';
import { firstRequests } from './app/firstRequests';
import { loadSignedIn } from './app/signedInCode';
import { persisted } from './lib/persisted';

// The first script index.html runs: it carries only the storage reader, the screen table and its
// first reads, so it arrives long before React. Signed in, the shell's and the screen's code start
// downloading here, beside React's, and so do the screen's first reads (api/early.ts), instead of
// after the whole first load has arrived and run.
const user = persisted.currentUser.get();
if (user !== null) {
  const screen = bootScreenMatch(window.location.pathname);
  startEarly(firstRequests(screen, window.location.search, user));
  void loadSignedIn(screen?.name ?? null).catch(() => undefined);
}
