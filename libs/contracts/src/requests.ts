/**
 * What the app's client sends: the schemas of the route table's query strings and request bodies
 * (routes.ts), each with its type inferred. The server validates with the same schemas (400 with the
 * first failing field's catalogue message). A query value that is null, undefined or '' is left out
 * of the query string by the client.
 */
import * as z from 'zod/mini';
import { ALT_TEXT } from './limits';
import { ALT_TEXT_MESSAGES } from './alt-text-messages';
import { FEED_CATEGORIES } from './categories';
import { MESSAGES } from './messages';
import { PAGING, ACCOUNT_RULES } from './limits';
import { emailProblem, passwordProblem, usernameProblem } from './rules/account';
import { usernamePrefixProblem } from './rules/username-suggest';
import { actorId, emptyIsAbsent, id, oneOf, ruled, text, textAtMost, trimmed, wholeNumber } from './schema-kit';
import { ALERT_TYPES, NOTIFICATION_SEEN_KINDS, type AlertType, type NotificationSeenKind } from './types';
import { PushSettingsBody } from './push';

const BAD = MESSAGES.http.badRequest;

/** A sign-in field: '' is `empty`; anything but a string of at most `max` units reads as bad credentials. */
const loginText = (max: number, empty: string) =>
  z.string({ error: MESSAGES.auth.invalidCredentials }).check(z.maxLength(max, { error: MESSAGES.auth.invalidCredentials }), z.minLength(1, { error: empty }));

export const LoginBody = z.object({
  username: loginText(254, MESSAGES.auth.usernameRequired),
  password: loginText(256, MESSAGES.auth.passwordRequired),
});
export type LoginBody = z.output<typeof LoginBody>;

export const RegisterBody = z.object({
  username: trimmed(ruled(usernameProblem)),
  email: trimmed(ruled(emailProblem)),
  password: ruled(passwordProblem),
  confirmPassword: z.optional(text(MESSAGES.auth.passwordsDoNotMatch)),
});
export type RegisterBody = z.output<typeof RegisterBody>;

/** A profile text field: trimmed, at most `max` characters; '' clears it. */
const profileText = (field: string, max: number) => z.optional(trimmed(textAtMost(max, MESSAGES.profile.fieldTooLong(field, max))));
/** A rule skipped for '' (which clears the field, or leaves the password as it is). */
const unlessEmpty = (problem: (value: unknown) => string | null) => (value: unknown) => (value === '' ? null : problem(value));

/** Only the fields that change; an empty string clears an optional field. A new password needs the current one. */
export const ProfileFields = z.object({
  name: profileText('Name', ACCOUNT_RULES.nameMax),
  email: z.optional(trimmed(ruled(unlessEmpty(emailProblem)))),
  bio: profileText('Bio', ACCOUNT_RULES.bioMax),
  birthdate: profileText('Birthdate', 10),
  phone: profileText('Phone', ACCOUNT_RULES.phoneMax),
  location: profileText('Location', ACCOUNT_RULES.locationMax),
  website: profileText('Website', ACCOUNT_RULES.websiteMax),
  password: z.optional(ruled(unlessEmpty(passwordProblem))),
  confirmPassword: z.optional(text(MESSAGES.auth.passwordsDoNotMatch)),
  /** Needed with a new password (never stored, never echoed). */
  currentPassword: z.optional(textAtMost(256, MESSAGES.auth.currentPasswordWrong)),
});
export type ProfileFields = z.output<typeof ProfileFields>;

export const PROFILE_IMAGES = ['thumbnail', 'background'] as const;

/** The page cursor's longest spelling. */
const CURSOR_MAX_LENGTH = 500;

/** Keyset paging of every list: `{ items, nextCursor }`, the cursor sent back for the next page. */
export const PageQuery = z.object({
  limit: z.optional(wholeNumber(z.int({ error: BAD }).check(z.minimum(1, { error: BAD }), z.maximum(PAGING.maxLimit, { error: BAD })))),
  cursor: z.optional(textAtMost(CURSOR_MAX_LENGTH, MESSAGES.post.invalidCursor)),
});
export type PageQuery = z.output<typeof PageQuery>;

export const FEED_TABS = ['following', 'foryou', 'for-you', 'all'] as const;

export const FeedQueryParams = z.object({
  tab: z.optional(oneOf(FEED_TABS, BAD)),
  /** Posts of this user only. */
  username: emptyIsAbsent(textAtMost(100, BAD)),
  /** Free text, may start with '@user'. */
  search: z.optional(textAtMost(200, BAD)),
  category: emptyIsAbsent(oneOf(FEED_CATEGORIES, MESSAGES.post.categoryInvalid)),
  /** Posts (and replies) carrying this hashtag, with or without its `#`, any case; it stands alone. */
  tag: z.optional(textAtMost(300, MESSAGES.hashtags.invalidTag)),
  ...PageQuery.shape,
});
export type FeedQueryParams = z.output<typeof FeedQueryParams>;

/** The longest search text. */
const SEARCH_QUERY_MAX_LENGTH = 200;

/** Search and filtered lists: `query` is the text to match. */
export const TextPageQuery = z.object({
  query: z.optional(textAtMost(SEARCH_QUERY_MAX_LENGTH, BAD)),
  ...PageQuery.shape,
});
export type TextPageQuery = z.output<typeof TextPageQuery>;

/** The alert list: `grouped=1` answers AlertGroup items; `type` keeps one alert type (the Mentions view). */
export const AlertsQuery = z.object({
  query: z.optional(textAtMost(200, BAD)),
  grouped: z.optional(oneOf(['1'], MESSAGES.alertGroups.invalidGrouped)),
  type: z.optional(z.enum(ALERT_TYPES as [AlertType, ...AlertType[]], { error: MESSAGES.alertGroups.invalidType })),
  ...PageQuery.shape,
});
export type AlertsQuery = z.output<typeof AlertsQuery>;

/** GET /api/admin/audit: the text matched against the entries. */
export const AuditQuery = z.object({
  query: z.optional(textAtMost(200, MESSAGES.admin.invalidAuditQuery)),
  ...PageQuery.shape,
});
export type AuditQuery = z.output<typeof AuditQuery>;

/** GET /api/admin/users: taken as sent, judged by the service (so a refused value is audited too). */
export const AdminUsersQuery = z.object({ query: z.optional(z.unknown()), limit: z.optional(z.unknown()), cursor: z.optional(z.unknown()) });
export type AdminUsersQuery = z.output<typeof AdminUsersQuery>;

const NOT_BOOLEAN = { error: MESSAGES.notificationSettings.notBoolean };

/** PUT /api/notifications/settings: any of the five switches, each a JSON boolean; any other key is a 400 (a misspelt switch must not look saved). */
export const NotificationSettingsBody = z.strictObject(
  {
    like: z.optional(z.boolean(NOT_BOOLEAN)),
    reply: z.optional(z.boolean(NOT_BOOLEAN)),
    repost: z.optional(z.boolean(NOT_BOOLEAN)),
    follow: z.optional(z.boolean(NOT_BOOLEAN)),
    mention: z.optional(z.boolean(NOT_BOOLEAN)),
    push: z.optional(PushSettingsBody),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.notificationSettings.unknownSetting : BAD) },
);
export type NotificationSettingsBody = z.output<typeof NotificationSettingsBody>;

/** GET /api/users/suggest: the start of a username (without `@`). */
export const UsernameSuggestQuery = z.object({ prefix: ruled(usernamePrefixProblem) });
export type UsernameSuggestQuery = z.output<typeof UsernameSuggestQuery>;

/**
 * A description of the upload (alt text): text or null. Its length is judged by the service on the
 * normalised text (code points); this bound only keeps absurd bodies out before that.
 */
const altText = z.optional(z.nullable(textAtMost(ALT_TEXT.maxLength * 8, ALT_TEXT_MESSAGES.tooLong, ALT_TEXT_MESSAGES.invalid)));
/** The longest post text the edge lets through (the service applies the real rule). */
const CONTENT_MAX = 20000;
/** A body's actor field naming the session's user by username: when sent it must be the session's. */
const actorUsername = z.optional(text(BAD));

/**
 * A new post, as JSON (no file) or as multipart text fields (with one; an absent GIF left out, '' is
 * absent). Content rules that need the file are checked in the service. The app's composer sends
 * `gif: null` for a post without one; `alt` needs an upload.
 */
export const NewPostBody = z.object({
  content: z.optional(textAtMost(CONTENT_MAX, BAD)),
  category: emptyIsAbsent(oneOf(FEED_CATEGORIES, MESSAGES.post.categoryInvalid)),
  gif: z.optional(z.nullable(emptyIsAbsent(text(MESSAGES.post.gifInvalid)))),
  username: actorUsername,
  alt: altText,
});
export type NewPostBody = z.output<typeof NewPostBody>;

/** A reply, as JSON (no file) or multipart text fields; `alt` describes the file. */
export const ReplyBody = z.object({
  content: z.optional(textAtMost(CONTENT_MAX, BAD)),
  username: actorUsername,
  alt: altText,
});
export type ReplyBody = z.output<typeof ReplyBody>;

/** An edit: the new text; `alt` replaces the file's description (null or blank removes it, absent keeps it). */
export const EditPostBody = z.object({
  content: z.optional(textAtMost(CONTENT_MAX, BAD)),
  alt: altText,
  /** The body's actor field (number or numeric string): must be the session's user. */
  userId: z.optional(actorId()),
});
export type EditPostBody = z.output<typeof EditPostBody>;

/** Like and repost take no fields (the session is the actor); a body may name the actor, nothing else is read. */
export const ActorBody = z.object({ username: actorUsername });
export type ActorBody = z.output<typeof ActorBody>;

/** POST /api/follow, /api/unfollow and GET /api/is-following: both ids positive whole numbers. */
export const FollowPair = z.object({
  followerId: id(MESSAGES.follow.invalidId),
  followedId: id(MESSAGES.follow.invalidId),
});
export type FollowPair = z.output<typeof FollowPair>;

/**
 * The GIF routes' queries: read, normalised and refused by the GIF module (the values also make its
 * cache key), so each value is declared here as the text the client sends.
 */
const gifText = z.optional(z.unknown());
export const GifTrendingQuery = z.object({ offset: gifText, limit: gifText, rating: gifText, pingback_id: gifText });
export type GifTrendingQuery = {
  offset?: number;
  limit?: number;
  rating?: string;
  /** The browser's pingback id, passed on to the provider so its analytics tie searches to events. */
  pingback_id?: string;
};
export const GifSearchQuery = z.object({ ...GifTrendingQuery.shape, q: gifText });
export type GifSearchQuery = GifTrendingQuery & { q: string };
/** GIFs like the GIF `gif_id`. */
export const GifRelatedQuery = z.object({ ...GifTrendingQuery.shape, gif_id: gifText });
export type GifRelatedQuery = GifTrendingQuery & { gif_id: string };
/** The provider's emoji (GIF stickers); no rating. */
export const GifEmojiQuery = z.object({ offset: gifText, limit: gifText, pingback_id: gifText });
export type GifEmojiQuery = Omit<GifTrendingQuery, 'rating'>;
/** One random GIF, for `tag` when given. */
export const GifRandomQuery = z.object({ tag: gifText, rating: gifText, pingback_id: gifText });
export type GifRandomQuery = { tag?: string; rating?: string; pingback_id?: string };

/** What the user did with a GIF: saw it in a result list, chose it, posted it. */
export const GIF_PINGBACK_ACTIONS = ['SEEN', 'CLICK', 'SENT'] as const;
export type GifPingbackAction = (typeof GIF_PINGBACK_ACTIONS)[number];

/** One analytics event in the provider's pingback format. */
export interface GifPingbackEvent {
  action_type: GifPingbackAction;
  /** The GIF's `analytics_response_payload`. */
  analytics_response_payload: string;
  /** When it happened (ms since the epoch). */
  ts: number;
  /** The browser's pingback id (random, per page load). */
  user_id: string;
}

/** POST /api/gifs/pingback: a batch of events, forwarded to the provider with the server's key; judged by the GIF module. */
export const GifPingbackBody = z.custom<{ events: GifPingbackEvent[] }>();
export type GifPingbackBody = z.output<typeof GifPingbackBody>;

/** A new system notice, or an edit of notice `id` (JSON, or multipart text fields with a file). */
export const NoticeBody = z.object({
  message: z.optional(textAtMost(CONTENT_MAX, BAD)),
  id: emptyIsAbsent(id(MESSAGES.notices.invalidId)),
  /** The body's actor fields: when sent they must name the session's user (403 otherwise). */
  user_id: emptyIsAbsent(actorId()),
  group_id: emptyIsAbsent(actorId()),
  username: z.optional(text(BAD)),
});
export type NoticeBody = z.output<typeof NoticeBody>;

export const NotificationSeenBody = z.object({
  kind: z.enum(NOTIFICATION_SEEN_KINDS as [NotificationSeenKind, ...NotificationSeenKind[]], { error: MESSAGES.notifications.invalidKind }),
});
export type NotificationSeenBody = z.output<typeof NotificationSeenBody>;

/** PayPal's subscription id (e.g. I-BW452GLLEP1G) and the paid group chosen. */
export const SubscribeBody = z.object({
  subscriptionId: text(MESSAGES.payment.invalidSubscriptionId).check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: MESSAGES.payment.invalidSubscriptionId })),
  groupId: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value)),
    z.int({ error: (issue) => (issue.input == null ? MESSAGES.payment.selectPlan : MESSAGES.payment.invalidGroup) }),
  ),
});
export type SubscribeBody = z.output<typeof SubscribeBody>;

/** POST /api/bookmarks: the post to save (the session is the owner). */
export const BookmarkBody = z.object({ postId: id(MESSAGES.bookmarks.invalidPostId) });
export type BookmarkBody = z.output<typeof BookmarkBody>;

export const BoostRequestBody = z.object({
  userId: id(MESSAGES.boost.invalidIds),
  postId: id(MESSAGES.boost.invalidIds),
});
export type BoostRequestBody = z.output<typeof BoostRequestBody>;

const USERNAME_REQUIRED = MESSAGES.admin.usernameRequired;

/** `adminId`, when sent, must be the session's user; the new password follows the registration rule. */
export const ResetPasswordBody = z.object({
  username: trimmed(text(USERNAME_REQUIRED).check(z.minLength(1, { error: USERNAME_REQUIRED }), z.maxLength(100, { error: USERNAME_REQUIRED }))),
  newPassword: ruled(passwordProblem),
  adminId: z.optional(actorId()),
});
export type ResetPasswordBody = z.output<typeof ResetPasswordBody>;

const BAD_NAMES = MESSAGES.admin.invalidOrphanNames;

/** Only these orphans (as the scan listed them); every orphan when absent. */
export const OrphanDeleteBody = z.object({
  names: z.optional(z.array(textAtMost(1000, BAD_NAMES), { error: BAD_NAMES }).check(z.maxLength(100_000, { error: BAD_NAMES }))),
});
export type OrphanDeleteBody = z.output<typeof OrphanDeleteBody>;

/** PATCH /api/admin/users/:id: checked by the service (so a refused value is audited too). */
export const SetUserGroupBody = z.object({ group_id: z.optional(z.unknown()) });
export type SetUserGroupBody = z.output<typeof SetUserGroupBody>;
