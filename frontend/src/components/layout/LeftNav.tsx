import { NavLink, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { signOut } from '../../lib/session';
import { selectHasUnseen, useNotificationsStore } from '../../stores/notifications';
import { notify } from '../notify';
import { NavIcon, type NavIconName } from './NavIcons';

const LINKS: { to: string; label: string; icon: NavIconName }[] = [
  { to: '/', label: 'Home', icon: 'home' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
  { to: '/notifications', label: 'Notifications', icon: 'bell' },
  { to: '/settings', label: 'Settings', icon: 'settings' },
  { to: '/cloud9', label: 'Cloud 9', icon: 'cloud' },
];

/** Focuses whichever search box the current page marks with data-page-search. */
function focusPageSearch() {
  document.querySelector<HTMLElement>('[data-page-search]')?.focus();
}

export function LeftNav() {
  const navigate = useNavigate();
  const hasUnseen = useNotificationsStore(selectHasUnseen);

  const handleLogout = async () => {
    await signOut();
    notify(MESSAGES.auth.loggedOut);
    void navigate('/login', { replace: true });
  };

  return (
    <nav className="left-nav" aria-label="Main">
      <ul className="left-nav-list">
        {LINKS.map((link) => {
          const showDot = link.to === '/notifications' && hasUnseen;
          return (
            <li key={link.to}>
              <NavLink to={link.to} end className="left-nav-item" aria-label={showDot ? `${link.label}, new` : undefined}>
                <NavIcon name={link.icon} />
                <span className="left-nav-label">{link.label}</span>
                {showDot && <span className="nav-dot" data-testid="notifications-dot" aria-hidden="true" />}
              </NavLink>
            </li>
          );
        })}
        <li>
          <button type="button" className="left-nav-item" onClick={focusPageSearch}>
            <NavIcon name="search" />
            <span className="left-nav-label">Search</span>
          </button>
        </li>
        <li>
          <button type="button" className="left-nav-item left-nav-logout" onClick={handleLogout}>
            <NavIcon name="logout" />
            <span className="left-nav-label">Logout</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
