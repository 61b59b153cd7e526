/** Browser storage keys; their names are fixed, as stored data outlives a release. */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  groupLimits: 'groupLimits',
  selectedCategory: 'selectedCategory',
  /** The colour theme last chosen or read from the account (system, light or dark), as plain text: index.html's first script reads it. */
  theme: 'theme',
  latestUserAlert: 'latestUserAlert',
  latestSystemNotice: 'latestSystemNotice',
  lastSeenUserAlerts: (userId: number | string) => `lastSeenUserAlerts_${userId}`,
  lastSeenSystemNotices: (userId: number | string) => `lastSeenSystemNotices_${userId}`,
  /** A composer's unsent text and GIF, per user and composer (global, home, reply-<post id>, edit-<post id>). */
  composerDraft: (userId: number | string, composer: string) => `composerDraft_${userId}_${composer}`,
  /** The emoji picker's style and suggestion mode, per user. */
  emojiSettings: (userId: number | string) => `emojiSettings_${userId}`,
  /** How often and when the user last picked each emoji (by unified code), for the picker's suggestions. */
  emojiUsage: (userId: number | string) => `emojiUsage_${userId}`,
  /** The last first page of Home's default feed the user saw, shown read-only when the app opens offline. */
  homeFirstPage: (userId: number | string) => `homeFirstPage_${userId}`,
} as const;
