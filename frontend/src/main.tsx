import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/screens';
import { refreshSessionOnce } from './lib/session';
import { selectIsSignedIn, useSessionStore } from './stores/session';
import './styles/theme.css';
import './styles/global.css';

// Confirm a stored user with the server while the first screen renders from storage.
void refreshSessionOnce();
// Signed in, the screen's code downloads beside the shell's rather than after it.
if (selectIsSignedIn(useSessionStore.getState())) preloadScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
