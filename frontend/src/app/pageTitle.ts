import { normalizeTag } from '@cloud9/contracts';
import { screenAt, type ScreenName } from './screens';

const TITLES: Record<ScreenName, string> = {
  home: 'Home',
  profile: 'Profile',
  notifications: 'Notifications',
  settings: 'Settings',
  cloud9: 'Cloud 9',
  post: 'Post',
  tag: 'Tag',
  bookmarks: 'Bookmarks',
  moderation: 'Moderation queue',
  adminTools: 'Admin Tools',
  adminReset: 'Reset a password',
};

/** The segment after the screen's name, decoded (null when it is not valid percent-encoding). */
function pathValue(pathname: string): string | null {
  const value = pathname.split('/').filter(Boolean)[1];
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

/**
 * The page name a signed-in path shows in the browser tab; another member's profile is named by
 * their handle, a tag's feed by the tag.
 */
export function pageTitle(pathname: string): string {
  const screen = screenAt(pathname);
  if (screen === 'tag') {
    const tag = normalizeTag(pathValue(pathname) ?? '');
    if (tag) return `#${tag}`;
  }
  if (screen === 'profile') {
    const username = pathValue(pathname);
    if (username) return `@${username}`;
  }
  return screen ? TITLES[screen] : 'Home';
}
