import { REPORT_RULES, type ReportReason } from './moderation';

const commentMaxShown = REPORT_RULES.commentMax.toLocaleString('en-US');

/**
 * What members read when they hide or report something: the post and profile menus, the report
 * dialog and the Settings lists. Kept apart from MESSAGES, which every page loads (the sign-in page too).
 */
export const SAFETY_UI_MESSAGES = {
  notInterested: 'Post hidden. You will see fewer posts like this.',
  interestedAgain: 'The post is back.',
  confirmMute: (username: string) =>
    `Mute @${username}? Their posts leave your feeds and lists. They are not told, and you can unmute them in Settings.`,
  muted: (username: string) => `@${username} is muted.`,
  unmuted: (username: string) => `@${username} is no longer muted.`,
  confirmBlock: (username: string) =>
    `Block @${username}? You will not see each other's posts or profiles, they cannot follow, reply to or mention you, and follows between you end. They are not told. You can unblock them in Settings.`,
  blocked: (username: string) => `@${username} is blocked.`,
  unblocked: (username: string) => `@${username} is unblocked.`,
  actionFailed: 'That did not work. Please try again.',
  /** The profile of an account the viewer blocks. */
  blockedProfile: (username: string) => `You blocked @${username}. You do not see their posts and they do not see yours.`,
  /** Staff: the warning's text, asked before it is sent. */
  warnPrompt: (username: string) => `Warning for @${username}: what should they read?`,
  warnTextRequired: 'Write the warning first.',
  warned: (username: string) => `@${username} was warned.`,
  undo: 'Undo',
  /** The report dialog. */
  reportPostTitle: 'Report post',
  reportUserTitle: (username: string) => `Report @${username}`,
  reasonLegend: 'Why are you reporting this?',
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment or bullying',
    illegal: 'Something illegal',
    other: 'Something else',
  } satisfies Record<ReportReason, string>,
  reasonRequired: 'Choose a reason.',
  commentLabel: 'Anything our team should know? (optional)',
  commentCounter: (length: number) => `${length.toLocaleString('en-US')} / ${commentMaxShown}`,
  commentCounterLabel: (length: number) => `${length.toLocaleString('en-US')} of ${commentMaxShown} characters used`,
  reportedPost: 'The post you are reporting',
  sendReport: 'Send report',
  sending: 'Sending…',
  reportThanks: 'Thanks — our team will take a look.',
  reportFailed: 'The report could not be sent. Please try again.',
  /** Settings. */
  mutedAccountsTitle: 'Muted accounts',
  mutedAccountsHint: 'Their posts stay out of your feeds and lists. They are not told.',
  noMutedAccounts: 'You have not muted anyone.',
  blockedAccountsTitle: 'Blocked accounts',
  blockedAccountsHint: 'You do not see each other, and they cannot follow or reply to you.',
  noBlockedAccounts: 'You have not blocked anyone.',
  mutedWordsTitle: 'Muted words',
  mutedWordsHint: 'Posts with these words or phrases (whole words, any case) stay out of your feeds.',
  mutedWordLabel: 'Word or phrase to mute',
  addMutedWord: 'Mute word',
  noMutedWords: 'No muted words yet.',
  listFailed: 'This list could not be loaded.',
  loadMore: 'Load more',
} as const;
