import type { ComponentType } from 'react';

/** Loads a part of the app's code: the signed-in shell or a screen. */
export type Loader = () => Promise<ComponentType>;

/**
 * The signed-in shell's and screens' code, one chunk each, and which path shows which. Kept apart
 * from the routes so the boot script (boot.ts) can start a signed-in visitor's shell and screen
 * downloads before the rest of the first load has arrived (loadSignedIn).
 */
const shell: Loader = () => import('./SignedInRoutes').then((m) => m.SignedInRoutes);

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

const arrived = new Map<Loader, ComponentType>();

/** Loads the code; what has arrived is kept, so it can be drawn without waiting (arrivedComponent). */
export function load(loader: Loader): Promise<ComponentType> {
  return loader().then((component) => {
    arrived.set(loader, component);
    return component;
  });
}

/** The component whose code has arrived, or null. */
export const arrivedComponent = (loader: Loader): ComponentType | null => arrived.get(loader) ?? null;

/**
 * The shell and the screen at `pathname`, both loaded (the browser fetches a module once, however
 * often asked): resolves to the shell, once the screen has arrived too or failed (its own failure
 * is shown where the screen goes).
 */
export function loadSignedIn(pathname: string): Promise<ComponentType> {
  const name = screenAt(pathname);
  return Promise.all([load(shell), name && load(screens[name]).catch(() => undefined)]).then(([component]) => component);
}

/** The shell, if its code and that of the screen at `pathname` have both arrived; otherwise null. */
export function arrivedSignedIn(pathname: string): ComponentType | null {
  const name = screenAt(pathname);
  return name && !arrived.has(screens[name]) ? null : arrivedComponent(shell);
}
