import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterDelayWhenIdle } from './lib/idle';
import { refreshSessionOnce } from './stores/sessionSync';
import './styles/theme.css';
import './styles/global.css';

// Confirm a stored user with the server while the first screen renders from storage.
void refreshSessionOnce();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const reactRoot = createRoot(root);
// A transition: React draws the first screen in short slices, so a phone's main thread is never
// held for the whole of it at once.
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

/** After the first screen, when the browser is idle: the service worker (offline shell, pushes, updates). */
const SERVICE_WORKER_DELAY_MS = 1500;
afterDelayWhenIdle(() => void import('./app/serviceWorker').then((m) => m.startServiceWorker()), SERVICE_WORKER_DELAY_MS);
