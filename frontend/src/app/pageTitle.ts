import { screenAt, type ScreenName } from './screens';

const TITLES: Record<ScreenName, string> = {
  home: 'Home',
  profile: 'Profile',
  notifications: 'Notifications',
  settings: 'Settings',
  cloud9: 'Cloud 9',
  post: 'Post',
  bookmarks: 'Bookmarks',
  adminTools: 'Admin Tools',
  adminReset: 'Reset a password',
};

/** The page name a signed-in path shows in the browser tab; another member's profile is named by their handle. */
export function pageTitle(pathname: string): string {
  const screen = screenAt(pathname);
  if (screen === 'profile') {
    const username = pathname.split('/').filter(Boolean)[1];
    if (username) return `@${decodeURIComponent(username)}`;
  }
  return screen ? TITLES[screen] : 'Home';
}
