import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { signOut } from '../../stores/sessionSync';
import { notify } from '../notify';

const PAGE_SEARCH = '[data-page-search]';
/** How long Search waits for Home's search box after taking the user there. */
const SEARCH_WAIT_MS = 3000;

/**
 * Focuses whichever search box the current page marks with data-page-search; a page without one
 * (a single post, the admin tools) sends the user to Home and focuses its box once it is drawn.
 */
export function focusPageSearch(navigate: NavigateFunction): void {
  const here = document.querySelector<HTMLElement>(PAGE_SEARCH);
  if (here) {
    here.focus();
    return;
  }
  void navigate('/');
  const started = Date.now();
  const timer = window.setInterval(() => {
    const box = document.querySelector<HTMLElement>(PAGE_SEARCH);
    if (box) box.focus();
    if (box || Date.now() - started > SEARCH_WAIT_MS) window.clearInterval(timer);
  }, 50);
}

/** Signs out, says so, and goes to /login: the same for the desktop nav and the More sheet. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    notify(MESSAGES.auth.loggedOut);
    void navigate('/login', { replace: true });
  };
}
