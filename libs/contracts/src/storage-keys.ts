/** Browser storage keys named by the spec (§3). */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  groupLimits: 'groupLimits',
  selectedCategory: 'selectedCategory',
  latestUserAlert: 'latestUserAlert',
  latestSystemNotice: 'latestSystemNotice',
  lastSeenUserAlerts: (userId: number | string) => `lastSeenUserAlerts_${userId}`,
  lastSeenSystemNotices: (userId: number | string) => `lastSeenSystemNotices_${userId}`,
} as const;
