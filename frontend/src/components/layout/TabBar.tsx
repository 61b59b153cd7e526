import { NavLink } from 'react-router-dom';
import { DM_MESSAGES } from '@cloud9/contracts';
import { useComposerStore } from '../../stores/composer';
import { selectHasUnseen, useNotificationsStore } from '../../stores/notifications';
import { MessagesBadge, messagesLabel, useMessagesCount } from './MessagesBadge';
import { NavIcon } from './NavIcons';

/**
 * The phone's bottom tab bar (CSS shows it below 700 px only): Home, Messages, Post, Notifications,
 * Profile, each at least 44 px tall. Everything else lives in the More sheet, Search included
 * (Home, Notifications, Settings and one's own profile also carry their search box on the page).
 */
export function TabBar() {
  const hasUnseen = useNotificationsStore(selectHasUnseen);
  const openComposer = useComposerStore((s) => s.openComposer);
  const messages = useMessagesCount();

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
          <NavLink to="/messages" className="tab-bar-item" aria-label={messages > 0 ? messagesLabel(messages) : undefined}>
            <NavIcon name="message" />
            <span className="tab-bar-label">{DM_MESSAGES.title}</span>
            <MessagesBadge count={messages} className="tab-bar-count" />
          </NavLink>
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
