import { loadSignedIn } from './app/screens';
import { persisted } from './lib/persisted';

// The first script index.html runs: it carries only the storage reader and the screens' map, so it
// arrives long before React. Signed in, the shell's and the screen's code start downloading here,
// beside React's, instead of after the whole first load has arrived and run.
if (persisted.currentUser.get() !== null) void loadSignedIn(window.location.pathname).catch(() => undefined);
