/**
 * The catalogue's texts of grouped alerts, their filter and the alert settings. Kept apart from
 * MESSAGES, which every page loads (the sign-in page too): only the notifications and settings
 * screens and the server use them.
 */
export const ALERT_GROUP_MESSAGES = {
  invalidType: "type must be one of 'like', 'reply', 'repost', 'follow' or 'mention'.",
  invalidGrouped: "grouped must be '1' when given.",
  searchNotGrouped: 'A search lists single notifications: leave out grouped.',
  /** "Bob liked your post", "Bob and Ann liked your post", "Bob and 3 others liked your post". */
  actors: (first: string, others: number) => (others === 0 ? first : others === 1 ? `${first} and 1 other` : `${first} and ${others} others`),
  like: 'liked your post',
  repost: 'reposted your post',
  follow: 'started following you',
  reply: 'replied to your post',
  mention: 'mentioned you',
  unread: 'Unread',
  markAllRead: 'Mark all as read',
  markAllReadFailed: 'Could not mark your notifications as read. Please try again.',
  filterLabel: 'Show',
  all: 'All',
  mentions: 'Mentions',
  noMentions: 'No mentions yet.',
  loadFailed: 'Loading notifications failed.',
} as const;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  title: 'Notifications',
  intro: 'Choose which notifications you get. A type that is off is not saved or sent to you.',
  labels: { like: 'Likes', reply: 'Replies', repost: 'Reposts', follow: 'Follows', mention: 'Mentions' },
  unknownSetting: 'Only like, reply, repost, follow and mention can be set.',
  notBoolean: 'Each notification setting must be true or false.',
  saveFailed: 'Could not save your notification settings. Please try again.',
  loadFailed: 'Could not load your notification settings.',
} as const;
