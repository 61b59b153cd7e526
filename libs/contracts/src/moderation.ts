/** Reports and the staff's moderation queue: the rules, limits and wire shapes both sides use. */
import { isAdmin, isStaff } from './groups';
import type { Actor } from './rules/permissions';
import * as z from 'zod/mini';
import { PageQuery } from './requests';
import { codePointsAtMost, id, idNumber, oneOf, text } from './schema-kit';

export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TARGET_TYPES = ['post', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What staff can do with a report. */
export const MODERATION_ACTIONS = ['dismiss', 'delete-post', 'warn', 'suspend', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_RULES = {
  /** The reporter's comment, in characters (code points). */
  commentMax: 1000,
  /** Posts a report may point at besides its target. */
  postIdsMax: 20,
  /** The staff member's reason for an action. */
  actionTextMax: 1000,
  /** The longest suspension staff (groups 2–4) may set; only the admin suspends for longer or for good. */
  staffSuspensionMaxDays: 365,
} as const;

export const ModerationAccount = z.object({
  id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  group_id: z.number(),
  /** ISO-8601; 'infinity' for good; null when not suspended. */
  suspendedUntil: z.nullable(z.string()),
});
export type ModerationAccount = z.output<typeof ModerationAccount>;

export const ReportedPost = z.object({
  id: z.number(),
  content: z.string(),
  media_url: z.nullable(z.string()),
  gif_url: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ReportedPost = z.output<typeof ReportedPost>;

/**
 * A direct message as its report carries it: copied when the report was made (the reported message
 * and the DM_RULES.reportContext before it), so staff read only those, never the conversation.
 */
export const ReportedMessage = z.object({
  id: z.number(),
  senderId: z.number(),
  senderUsername: z.string(),
  text: z.string(),
  mediaUrl: z.nullable(z.string()),
  gif: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ReportedMessage = z.output<typeof ReportedMessage>;

/**
 * One report in the staff's queue. `post` is null for a report on a user or a message, or once the
 * post is gone; `messages` is a message report's copy (the reported one last), else null.
 */
export const ModerationReport = z.object({
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  comment: z.nullable(z.string()),
  createdAt: z.string(),
  reporter: ModerationAccount,
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), user: ModerationAccount, post: z.nullable(ReportedPost), messages: z.nullable(z.array(ReportedMessage)) }),
  /** The other posts the reporter pointed at that still exist. */
  posts: z.array(ReportedPost),
  resolution: z.nullable(z.object({ action: z.enum(MODERATION_ACTIONS), text: z.nullable(z.string()), by: z.nullable(z.string()), at: z.string() })),
});
export type ModerationReport = z.output<typeof ModerationReport>;


/** Nobody acts on themselves; the admin acts on anyone else; staff only on members (groups 5–9). */
export const canModerateAccount = (actor: Actor | null, target: Actor): boolean =>
  !!actor && actor.id !== target.id && (isAdmin(actor.group_id) || (isStaff(actor.group_id) && !isAdmin(target.group_id) && !isStaff(target.group_id)));

/** Only the admin suspends for good. */
export const canSuspendForGood = (actor: Actor | null): boolean => !!actor && isAdmin(actor.group_id);

/** The latest end `actor` may give a suspension (ms since the epoch): staff REPORT_RULES.staffSuspensionMaxDays from `now`, the admin any. */
export const latestSuspensionEnd = (actor: Actor | null, now: number): number =>
  actor && isAdmin(actor.group_id) ? Infinity : now + REPORT_RULES.staffSuspensionMaxDays * 86_400_000;

/** A suspension the admin set (or one for good, which only the admin sets) is changed or lifted by the admin alone. */
export const canChangeSuspension = (actor: Actor | null, setByAdmin: boolean): boolean => !!actor && (isAdmin(actor.group_id) || !setByAdmin);

const suspensionEnd = (until: string) => (until === 'infinity' ? null : `${until.slice(0, 16).replace('T', ' ')} UTC`);

/** Kept apart from MESSAGES, which every page loads (the sign-in page too): only reporting and the staff queue need them. */
export const MODERATION_MESSAGES = {
  invalidTargetType: "targetType must be 'post', 'user' or 'message'.",
  invalidTargetId: 'targetId must be a positive whole number.',
  invalidReason: "reason must be 'spam', 'harassment', 'illegal' or 'other'.",
  commentTooLong: `The comment must be at most ${REPORT_RULES.commentMax} characters.`,
  invalidPostIds: `postIds must be a list of at most ${REPORT_RULES.postIdsMax} post ids.`,
  cannotReportSelf: 'You cannot report yourself or your own posts.',
  alreadyReported: 'You have already reported this. Our team will look at it.',
  reportNotFound: 'That report was not found.',
  invalidStatus: "status must be 'open' or 'resolved'.",
  invalidAction: "action must be 'dismiss', 'delete-post', 'warn', 'suspend' or 'unsuspend'.",
  warningTextRequired: 'A warning needs a text: tell the member what was wrong.',
  actionTextTooLong: `The text must be at most ${REPORT_RULES.actionTextMax} characters.`,
  invalidUntil: 'until must be a date and time in the future (ISO-8601).',
  notAllowedOnAccount: 'You cannot act on this account.',
  onlyAdminSuspendsForGood: 'Only the admin can suspend an account for good. Choose an end date.',
  suspensionTooLong: `Staff can suspend an account for at most ${REPORT_RULES.staffSuspensionMaxDays} days. Choose an earlier end date.`,
  adminSetSuspension: 'The admin set this suspension: only the admin can change or lift it.',
  notAPostReport: 'This report is about an account, not a post.',
  postAlreadyGone: 'The post was already deleted.',
  notSuspended: 'This account is not suspended.',
  alreadyResolved: 'This report has already been handled.',
  suspended: (until: string) => {
    const end = suspensionEnd(until);
    return end ? `Your account is suspended until ${end}.` : 'Your account is suspended permanently.';
  },
} as const;

/** Texts of the staff's moderation queue screen (this module is a chunk of its own in the client: see frontend/chunking.ts). */
export const MODERATION_QUEUE_TEXT = {
  title: 'Moderation queue',
  intro: 'Reports from members, newest first. An action settles every open report about the same post or account.',
  statusLabel: 'Status',
  reasonLabel: 'Reason',
  statuses: { open: 'Open', resolved: 'Handled' },
  allReasons: 'All reasons',
  reasons: { spam: 'Spam', harassment: 'Harassment', illegal: 'Illegal content', other: 'Other' },
  listLabel: 'Reports',
  emptyOpen: 'No open reports — all clear skies',
  emptyResolved: 'No handled reports yet.',
  loadFailed: 'Loading the moderation queue failed.',
  loading: 'Loading reports',
  forbidden: 'The moderation queue is for the Cloud 9 team.',
  reportedBy: 'Reported by',
  reportedPost: 'Reported post',
  reportedAccount: 'Reported account',
  reportedMessage: 'Reported message',
  messageContext: 'The reported message (last) and the messages before it, as the reporter saw them',
  reportedMessageLabel: 'Reported',
  postGone: 'The post has been deleted.',
  otherPosts: 'Other posts pointed at',
  noComment: 'No comment.',
  /** `until` as the queue sends it: ISO-8601 or 'infinity'; shown in UTC like the sign-in refusal. */
  suspendedUntil: (until: string) => (until === 'infinity' ? 'Suspended for good' : `Suspended until ${suspensionEnd(until)}`),
  cannotAct: 'You cannot act on this account.',
  handled: (action: string, by: string | null) => `Handled: ${action}${by ? ` by @${by}` : ''}`,
  actionNames: { dismiss: 'dismissed', 'delete-post': 'post deleted', warn: 'warned', suspend: 'suspended', unsuspend: 'suspension lifted' },
  actions: { dismiss: 'Dismiss', 'delete-post': 'Delete post', warn: 'Warn', suspend: 'Suspend', unsuspend: 'Lift suspension' },
  actionsLabel: (username: string) => `Actions on the report about @${username}`,
  confirmDismiss: 'Dismiss this report? The content stays up.',
  confirmDelete: 'Delete this post for good? Its replies go with it.',
  confirmUnsuspend: (username: string) => `Lift the suspension of @${username}?`,
  warnPrompt: (username: string) => `Warning to @${username}: what was wrong? They will read this text.`,
  sendWarning: 'Send warning',
  suspendTitle: (username: string) => `Suspend @${username}`,
  suspendLength: 'How long',
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  forGood: 'For good',
  suspendReason: 'Reason (kept with the report, not sent)',
  done: { dismiss: 'Report dismissed.', 'delete-post': 'Post deleted.', warn: 'Warning sent.', suspend: 'Account suspended.', unsuspend: 'Suspension lifted.' },
  failed: 'That action failed. Please try again.',
} as const;

const M = MODERATION_MESSAGES;

/** POST /api/reports: the reporter is the session's user. */
export const ReportBody = z.object({
  targetType: oneOf(REPORT_TARGET_TYPES, M.invalidTargetType),
  targetId: id(M.invalidTargetId),
  reason: oneOf(REPORT_REASONS, M.invalidReason),
  comment: z.optional(codePointsAtMost(REPORT_RULES.commentMax, M.commentTooLong)),
  postIds: z.optional(z.array(idNumber(M.invalidPostIds), { error: M.invalidPostIds }).check(z.maxLength(REPORT_RULES.postIdsMax, { error: M.invalidPostIds }))),
});
export type ReportBody = z.output<typeof ReportBody>;

/** GET /api/moderation/reports */
export const ModerationQuery = z.object({
  status: z.optional(oneOf(REPORT_STATUSES, M.invalidStatus)),
  reason: z.optional(oneOf(REPORT_REASONS, M.invalidReason)),
  ...PageQuery.shape,
});
export type ModerationQuery = z.output<typeof ModerationQuery>;

/**
 * POST /api/moderation/reports/:id/actions: the staff member is the session's user. `until` (ISO-8601,
 * in the future) ends a suspension; without it a suspension is for good.
 */
export const ModerationActionBody = z.object({
  action: oneOf(MODERATION_ACTIONS, M.invalidAction),
  text: z.optional(codePointsAtMost(REPORT_RULES.actionTextMax, M.actionTextTooLong)),
  until: z.optional(text(M.invalidUntil)),
});
export type ModerationActionBody = z.output<typeof ModerationActionBody>;
