import { NavLink, useNavigate } from 'react-router-dom';
import { useComposerStore } from '../../stores/composer';
import { selectHasUnseen, useNotificationsStore } from '../../stores/notifications';
import { focusPageSearch } from './navActions';
import { NavIcon } from './NavIcons';

/**
 * The phone's bottom tab bar (CSS shows it below 700 px only): Home, Search, Post, Notifications,
 * Profile, each at least 44 px tall. Everything else lives in the More sheet.
 */
export function TabBar() {
  const navigate = useNavigate();
  const hasUnseen = useNotificationsStore(selectHasUnseen);
  const openComposer = useComposerStore((s) => s.openComposer);

  return (
    <nav className="tab-bar" aria-label="Main">
      <ul className="tab-bar-list">
        <li>
          <NavLink to="/" end className="tab-bar-item">
            <NavIcon name="home" />
            <span className="tab-bar-label">Home</span>
          </NavLink>
        </li>
        <li>
          <button type="button" className="tab-bar-item" onClick={() => focusPageSearch(navigate)}>
            <NavIcon name="search" />
            <span className="tab-bar-label">Search</span>
          </button>
        </li>
        <li>
          <button type="button" className="tab-bar-item tab-bar-post" aria-haspopup="dialog" onClick={openComposer}>
            <span className="tab-bar-post-disc">
              <NavIcon name="post" />
            </span>
            <span className="tab-bar-label">Post</span>
          </button>
        </li>
        <li>
          <NavLink to="/notifications" end className="tab-bar-item" aria-label={hasUnseen ? 'Notifications, new' : undefined}>
            <NavIcon name="bell" />
            <span className="tab-bar-label">Notifications</span>
            {hasUnseen && <span className="nav-dot tab-bar-dot" data-testid="tab-notifications-dot" aria-hidden="true" />}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile" end className="tab-bar-item">
            <NavIcon name="profile" />
            <span className="tab-bar-label">Profile</span>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
