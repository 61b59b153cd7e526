import { Link } from 'react-router-dom';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { Avatar } from '../ui/Avatar';
import { CloudShape } from '../ui/CloudArt';
import { NavIcon } from './NavIcons';

/**
 * The logo link is named "Cloud Nine Social" on purpose: a name containing "Home" or "Cloud 9"
 * would collide with the nav links of those names for anyone finding links by name.
 * On phones the header carries the More button (the tab bar has room for five items only).
 */
export function Header({ onOpenMore }: { onOpenMore: () => void }) {
  const user = useSessionStore(selectCurrentUser);
  return (
    <header className="app-header">
      <CloudShape className="app-header-cloud app-header-cloud-1" opacity={0.35} />
      <CloudShape className="app-header-cloud app-header-cloud-2" opacity={0.25} />
      <Link to="/" className="app-logo">
        <img src="/images/logo.svg" alt="Cloud Nine Social" width={176} height={45} />
      </Link>
      {user && (
        <div className="app-header-user">
          <span className="app-header-greeting">
            <span className="app-header-name">{user.name || user.username}</span>
            <span className="app-header-handle">@{user.username}</span>
          </span>
          <Avatar path={user.thumbnail} size={38} />
          <button type="button" className="app-header-more" aria-haspopup="dialog" onClick={onOpenMore}>
            <NavIcon name="more" />
            <span>More</span>
          </button>
        </div>
      )}
    </header>
  );
}
