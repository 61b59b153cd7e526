/**
 * The catalogue's messages of the account's own data (MESSAGES.accountData): the sessions it is
 * signed in with, its data export, and leaving (deleting the account). A section of its own so
 * parallel work on the catalogue does not collide.
 */
const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export const ACCOUNT_DATA_MESSAGES = {
  sessionsTitle: 'Where you are signed in',
  sessionsIntro: 'These devices are signed in to your account. End any you do not recognise.',
  sessionsLoadFailed: 'Could not load your sessions.',
  thisDevice: 'This device',
  signedInAt: (when: string) => `Signed in ${formatDate(when)}`,
  lastSeenAt: (when: string) => `Last active ${formatDate(when)}`,
  near: (place: string) => `Network ${place}`,
  endSession: 'Sign out',
  endSessionLabel: (device: string) => `Sign out ${device}`,
  endOtherSessions: 'Sign out everywhere else',
  confirmEndOtherSessions: 'Sign out of every other device? They will need your password to sign in again.',
  sessionEnded: 'That device has been signed out.',
  otherSessionsEnded: (count: number) => (count === 1 ? 'One other device has been signed out.' : `${count} other devices have been signed out.`),
  noOtherSessions: 'You are not signed in anywhere else.',
  sessionNotFound: 'That session has already ended.',
  unknownDevice: 'Unknown device',

  exportTitle: 'Download your data',
  exportIntro: 'Get a ZIP file of your profile, posts with their edits, replies, likes, bookmarks, follows, followers, mutes, blocks, muted words, notifications and the media you uploaded.',
  requestExport: 'Request my data',
  exportRequested: 'Your export is being prepared. We will email you a link when it is ready.',
  exportPending: 'Your export is being prepared…',
  exportReady: (until: string) => `Your export is ready. You can download it until ${formatDate(until)}.`,
  downloadExport: 'Download ZIP',
  exportFailed: 'Your export could not be built. Please request it again.',
  exportNotFound: 'That export does not exist or has expired.',
  exportNotReady: 'Your export is still being prepared. Try again in a little while.',
  exportTooSoon: (next: string) => `You can request one export every 7 days. Your next export can be requested on ${formatDate(next)}.`,
  exportsLoadFailed: 'Could not load your exports.',

  deleteTitle: 'Delete your account',
  deleteIntro: 'This deletes your profile, posts, replies, likes, follows and media for good. Download your data first if you want to keep it.',
  deletePasswordLabel: 'Your password',
  deleteAccount: 'Delete my account',
  deletePasswordRequired: 'Enter your password to delete your account.',
} as const;
