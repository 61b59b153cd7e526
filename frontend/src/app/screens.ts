/**
 * The signed-in screens' code, one chunk each, and which path shows which. Kept apart from the
 * routes so the first load can start the current screen's download beside the shell's
 * (preloadScreen) instead of after it.
 */
export const screens = {
  home: () => import('../features/home/HomePage').then((m) => m.HomePage),
  profile: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  notifications: () => import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage),
  settings: () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage),
  cloud9: () => import('../features/cloud9/Cloud9Page').then((m) => m.Cloud9Page),
  post: () => import('../features/post/PostPage').then((m) => m.PostPage),
  tag: () => import('../features/tag/TagPage').then((m) => m.TagPage),
  bookmarks: () => import('../features/bookmarks/BookmarksPage').then((m) => m.BookmarksPage),
  moderation: () => import('../features/moderation/ModerationPage').then((m) => m.ModerationPage),
  adminTools: () => import('../features/admin/AdminToolsPage').then((m) => m.AdminToolsPage),
  adminReset: () => import('../features/admin/AdminResetPage').then((m) => m.AdminResetPage),
} as const;

export type ScreenName = keyof typeof screens;

/** The screen a signed-in path shows (null: a path that redirects). */
export function screenAt(pathname: string): ScreenName | null {
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);
  if (!first) return 'home';
  if (first === 'profile' && rest.length <= 1) return 'profile';
  if (first === 'post' && rest.length === 1) return 'post';
  if (first === 'tag' && rest.length === 1) return 'tag';
  if (rest.length > 0) return null;
  switch (first) {
    case 'notifications':
      return 'notifications';
    case 'settings':
      return 'settings';
    case 'cloud9':
      return 'cloud9';
    case 'bookmarks':
      return 'bookmarks';
    case 'moderation':
      return 'moderation';
    case 'admin-tools':
      return 'adminTools';
    case 'admin-reset':
      return 'adminReset';
    default:
      return null;
  }
}

/** Starts downloading the screen at `pathname` (the browser fetches a module once, however often asked). */
export function preloadScreen(pathname: string): void {
  const name = screenAt(pathname);
  if (name) void screens[name]().catch(() => undefined);
}
