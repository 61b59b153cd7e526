/** Browser storage keys; their names are fixed, as stored data outlives a release. */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  groupLimits: 'groupLimits',
  selectedCategory: 'selectedCategory',
  latestUserAlert: 'latestUserAlert',
  latestSystemNotice: 'latestSystemNotice',
  lastSeenUserAlerts: (userId: number | string) => `lastSeenUserAlerts_${userId}`,
  lastSeenSystemNotices: (userId: number | string) => `lastSeenSystemNotices_${userId}`,
} as const;
