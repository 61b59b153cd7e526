import { DEFAULT_CATEGORY, PAGING, ROUTES, type CurrentUser } from '@cloud9/contracts';
import { requestPath } from '../api/paths';
import { persisted } from '../lib/persisted';
import type { Loader } from './loadCode';

/** A path's parameters by name, decoded, as the router gives them (an optional one may be absent). */
type ScreenParams = Readonly<Record<string, string | undefined>>;

/** Everything about one signed-in screen; the router, the tab's title, the skeleton and the boot script read it here. */
export interface Screen {
  /** Its path pattern in the router's syntax: `:name` a parameter, `:name?` an optional one. */
  readonly path: string;
  /** Its code, a chunk of its own, loaded when first shown (by the boot script when the visit opens there). */
  readonly load: Loader;
  /** Its name in the browser tab (pageTitle.ts). */
  readonly title: string;
  /** The path parameter that names the page instead when present: a member's handle, a tag. */
  readonly namedBy?: 'username' | 'tag';
  /** The skeleton shown while its code loads (ScreenSkeleton.tsx). */
  readonly skeleton: 'feed' | 'profile' | 'notifications' | 'settings' | 'plans' | 'list' | 'plain';
  /**
   * The API reads it makes as it first draws, beyond every screen's (firstRequests.ts): the boot
   * script starts them beside the code's download. Each must be the exact path the screen asks for
   * (firstRequests.test.tsx draws every screen and compares); a read no screen takes is only wasted.
   */
  readonly firstReads?: (at: { params: ScreenParams; user: CurrentUser }) => string[];
}

/** The first page of a feed, as usePagedQuery asks for it (api/posts.ts fetchPosts). */
const feedPage = (query: { username?: string } = {}) => requestPath(ROUTES.posts.list, { query: { limit: PAGING.defaultLimit, ...query } });

/** The conversation list and a conversation are one screen's code. */
const loadMessages = () => import('../features/messages/MessagesPage').then((m) => m.MessagesPage);

/**
 * The signed-in screens. The router's routes (SignedInRoutes.tsx), the tab's title, the skeleton,
 * the boot script's downloads and early reads all come from here. Kept free of React and the router
 * (types aside): the boot script carries it, and runs before either has arrived.
 */
export const SCREENS = {
  home: {
    path: '/',
    load: () => import('../features/home/HomePage').then((m) => m.HomePage),
    title: 'Home',
    skeleton: 'feed',
    // Only the default feed: another category's path depends on what Home makes of it.
    firstReads: () => ((persisted.selectedCategory.get() ?? DEFAULT_CATEGORY) === DEFAULT_CATEGORY ? [feedPage()] : []),
  },
  profile: {
    path: '/profile/:username?',
    load: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
    title: 'Profile',
    namedBy: 'username',
    skeleton: 'profile',
    firstReads: ({ params, user }) => {
      const username = params.username ?? user.username;
      return [
        requestPath(ROUTES.users.profile, { params: { username } }),
        requestPath(ROUTES.profilePosts.counts, { params: { username } }),
        feedPage({ username }),
      ];
    },
  },
  notifications: {
    path: '/notifications',
    load: () => import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage),
    title: 'Notifications',
    skeleton: 'notifications',
    firstReads: ({ user }) => [requestPath(ROUTES.notifications.alerts, { params: { userId: user.id }, query: { grouped: '1' } })],
  },
  settings: {
    path: '/settings',
    load: () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage),
    title: 'Settings',
    skeleton: 'settings',
    firstReads: ({ user }) => [
      requestPath(ROUTES.billing.subscription, { params: { userId: user.id } }),
      requestPath(ROUTES.notifications.settings),
      requestPath(ROUTES.safety.mutes),
      requestPath(ROUTES.safety.blocks),
      requestPath(ROUTES.safety.mutedWords),
    ],
  },
  cloud9: {
    path: '/cloud9',
    load: () => import('../features/cloud9/Cloud9Page').then((m) => m.Cloud9Page),
    title: 'Cloud 9',
    skeleton: 'plans',
    firstReads: () => [requestPath(ROUTES.plans.list)],
  },
  post: {
    path: '/post/:postId',
    load: () => import('../features/post/PostPage').then((m) => m.PostPage),
    title: 'Post',
    skeleton: 'list',
  },
  tag: {
    path: '/tag/:tag',
    load: () => import('../features/tag/TagPage').then((m) => m.TagPage),
    title: 'Tag',
    namedBy: 'tag',
    skeleton: 'plain',
  },
  messages: { path: '/messages', load: loadMessages, title: 'Messages', skeleton: 'list' },
  // The same screen with a conversation open (beside the list on wider screens).
  conversation: { path: '/messages/:id', load: loadMessages, title: 'Messages', skeleton: 'list' },
  bookmarks: {
    path: '/bookmarks',
    load: () => import('../features/bookmarks/BookmarksPage').then((m) => m.BookmarksPage),
    title: 'Bookmarks',
    skeleton: 'list',
  },
  moderation: {
    path: '/moderation',
    load: () => import('../features/moderation/ModerationPage').then((m) => m.ModerationPage),
    title: 'Moderation queue',
    skeleton: 'list',
  },
  adminTools: {
    path: '/admin-tools',
    load: () => import('../features/admin/AdminToolsPage').then((m) => m.AdminToolsPage),
    title: 'Admin Tools',
    skeleton: 'plain',
  },
  adminReset: {
    path: '/admin-reset',
    load: () => import('../features/admin/AdminResetPage').then((m) => m.AdminResetPage),
    title: 'Reset a password',
    skeleton: 'plain',
  },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

/** The screens in the table's order. */
export const SCREEN_NAMES = Object.keys(SCREENS) as ScreenName[];

/** The screen a path shows, with the path's parameters. */
export interface ScreenMatch {
  readonly name: ScreenName;
  readonly params: ScreenParams;
}
