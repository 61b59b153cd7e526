import { NavLink, useNavigate } from 'react-router-dom';
import { DM_MESSAGES } from '@cloud9/contracts';
import { useComposerStore } from '../../stores/composer';
import { selectHasUnseen, useNotificationsStore } from '../../stores/notifications';
import { focusPageSearch, useLogout } from './navActions';
import { MessagesBadge, messagesLabel, useMessagesCount } from './MessagesBadge';
import { NavIcon, type NavIconName } from './NavIcons';

const LINKS: { to: string; label: string; icon: NavIconName }[] = [
  { to: '/', label: 'Home', icon: 'home' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
  { to: '/notifications', label: 'Notifications', icon: 'bell' },
  { to: '/messages', label: DM_MESSAGES.title, icon: 'message' },
  { to: '/bookmarks', label: 'Bookmarks', icon: 'bookmark' },
  { to: '/settings', label: 'Settings', icon: 'settings' },
  { to: '/cloud9', label: 'Cloud 9', icon: 'cloud' },
];

/**
 * The main nav: a column of labelled links on desktops, an icon rail on tablets (where Post and
 * More join it, since the floating button and the side panel are gone there). Phones use TabBar.
 */
export function LeftNav({ onOpenMore }: { onOpenMore: () => void }) {
  const navigate = useNavigate();
  const hasUnseen = useNotificationsStore(selectHasUnseen);
  const openComposer = useComposerStore((s) => s.openComposer);
  const logout = useLogout();
  const messages = useMessagesCount();

  return (
    <nav className="left-nav" aria-label="Main">
      <ul className="left-nav-list">
        {LINKS.map((link) => {
          const showDot = link.to === '/notifications' && hasUnseen;
          const isMessages = link.to === '/messages';
          const label = showDot ? `${link.label}, new` : isMessages && messages > 0 ? messagesLabel(messages) : undefined;
          return (
            <li key={link.to}>
              {/* Messages stays current inside a conversation (/messages/:id). */}
              <NavLink to={link.to} end={!isMessages} className="left-nav-item" aria-label={label}>
                <NavIcon name={link.icon} />
                <span className="left-nav-label">{link.label}</span>
                {showDot && <span className="nav-dot" data-testid="notifications-dot" aria-hidden="true" />}
                {isMessages && <MessagesBadge count={messages} className="left-nav-count" />}
              </NavLink>
            </li>
          );
        })}
        <li>
          <button type="button" className="left-nav-item" onClick={() => focusPageSearch(navigate)}>
            <NavIcon name="search" />
            <span className="left-nav-label">Search</span>
          </button>
        </li>
        <li className="left-nav-rail-only">
          <button type="button" className="left-nav-item left-nav-post" aria-haspopup="dialog" onClick={openComposer}>
            <NavIcon name="post" />
            <span className="left-nav-label">Post</span>
          </button>
        </li>
        <li className="left-nav-rail-only">
          <button type="button" className="left-nav-item" aria-haspopup="dialog" onClick={onOpenMore}>
            <NavIcon name="more" />
            <span className="left-nav-label">More</span>
          </button>
        </li>
        <li>
          <button type="button" className="left-nav-item left-nav-logout" onClick={() => void logout()}>
            <NavIcon name="logout" />
            <span className="left-nav-label">Logout</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
