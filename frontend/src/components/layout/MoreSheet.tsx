import { NavLink, useNavigate } from 'react-router-dom';
import { Modal } from '../ui/Modal';
import { focusPageSearch, useLogout } from './navActions';
import { NavIcon, type NavIconName } from './NavIcons';
import { SideContent } from './SideContent';
import './MoreSheet.css';

const LINKS: { to: string; label: string; icon: NavIconName }[] = [
  { to: '/bookmarks', label: 'Bookmarks', icon: 'bookmark' },
  { to: '/settings', label: 'Settings', icon: 'settings' },
  { to: '/cloud9', label: 'Cloud 9', icon: 'cloud' },
];

/**
 * Everything the phone's tab bar and the tablet's rail have no room for: Bookmarks, Settings, Cloud 9, Search, the
 * feeds and trending topics, Gift Us, Admin Tools (group 1) and Logout. A modal dialog (focus kept
 * inside, Escape and Close shut it, focus goes back to the More button), drawn as a bottom sheet.
 */
export function MoreSheet({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Modal title="More" onClose={onClose} footer="close" className="more-sheet">
      <nav aria-label="More pages">
        <ul className="more-sheet-links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="more-sheet-link" onClick={onClose}>
                <NavIcon name={link.icon} />
                {link.label}
              </NavLink>
            </li>
          ))}
          {/* The tab bar's place for Search went to Messages: it is here on phones (the rail has its own). */}
          <li className="more-sheet-search">
            <button
              type="button"
              className="more-sheet-link"
              onClick={() => {
                onClose();
                // After the sheet has gone and given the focus back to More (Modal), the search box takes it.
                window.setTimeout(() => focusPageSearch(navigate), 0);
              }}
            >
              <NavIcon name="search" />
              Search
            </button>
          </li>
        </ul>
      </nav>
      <div className="more-sheet-cards">
        <SideContent onDone={onClose} />
      </div>
      <button
        type="button"
        className="more-sheet-link more-sheet-logout"
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        <NavIcon name="logout" />
        Logout
      </button>
    </Modal>
  );
}
