/**
 * Wire types of the data model, as the API sends them: schemas (the route table's answers, checked
 * against what the server sends and published in the OpenAPI document) with their types inferred.
 * Dates are ISO-8601 strings. Objects here are answers, never read from a client.
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { FEED_CATEGORIES } from './categories';
import { PushSettings } from './push';

/** The signed-in user (kept in localStorage as `currentUser`). */
export const CurrentUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  birthdate: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  website: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  background: z.nullable(z.string()),
  group_id: z.number(),
  createdAt: z.string(),
  /** Whether `email` was proven by following a link sent to it. */
  emailVerified: z.boolean(),
  /** An address asked for in an e-mail change, waiting for its link to be followed (null: none). */
  pendingEmail: z.nullable(z.string()),
});
export type CurrentUser = z.output<typeof CurrentUser>;

/** Limits of the user's group (kept in localStorage as `groupLimits`). */
export const GroupLimits = z.object({
  postLimit: z.number(),
  mediaLimit: z.number(),
  editTimeout: z.nullable(z.number()),
  priorityBoost: z.boolean(),
});
export type GroupLimits = z.output<typeof GroupLimits>;

/** GET /api/group/:groupId */
export const GroupPlan = z.object({
  ...GroupLimits.shape,
  id: z.number(),
  name: z.string(),
  description: z.string(),
  subscriptionFee: z.number(),
  monthlyBoosts: z.number(),
  paypalPlanId: z.nullable(z.string()),
  isAvailable: z.boolean(),
});
export type GroupPlan = z.output<typeof GroupPlan>;


/** One responsive rendition of an uploaded image: a WebP `width` pixels wide (never wider than the original). */
export const MediaVariant = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaVariant = z.output<typeof MediaVariant>;

/** A frame of a video, drawn by the uploader's browser: a WebP shown before the video plays. */
export const MediaPoster = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaPoster = z.output<typeof MediaPoster>;

/**
 * What the client needs to lay out an upload before it loads: its size (to reserve the box), a
 * tiny preview to show meanwhile (a `data:` URL), and its variants, narrowest first, for `srcset`.
 * Variants may arrive after the post: until then the list is empty and the original is shown.
 * A video has its display size (when its container gives one) and may have a poster frame; audio
 * and video have no preview and no variants.
 */
export const MediaInfo = z.object({
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  placeholder: z.nullable(z.string()),
  variants: z.array(MediaVariant),
  poster: z.optional(MediaPoster),
});
export type MediaInfo = z.output<typeof MediaInfo>;

/** GET /api/profile/:username. `email`, `phone` and `birthdate` only for the owner and admins. */
export const UserProfile = z.object({
  id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  background: z.nullable(z.string()),
  location: z.nullable(z.string()),
  website: z.nullable(z.string()),
  group_id: z.number(),
  createdAt: z.string(),
  followersCount: z.number(),
  followingCount: z.number(),
  /** The profile image's and banner's size, preview and small variants (absent without an image). */
  thumbnailMedia: z.optional(MediaInfo),
  backgroundMedia: z.optional(MediaInfo),
  email: z.optional(z.string()),
  phone: z.optional(z.nullable(z.string())),
  birthdate: z.optional(z.nullable(z.string())),
  /** Only for a signed-in viewer on someone else's profile: whether the viewer mutes or blocks this account. */
  viewer: z.optional(z.object({ muted: z.boolean(), blocked: z.boolean() })),
});
export type UserProfile = z.output<typeof UserProfile>;

export const PostAuthor = z.object({
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
});
export type PostAuthor = z.output<typeof PostAuthor>;

export const Post = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  realname: z.optional(z.nullable(z.string())),
  content: z.string(),
  /** Usernames of the existing accounts the text mentions (as each account spells its name now), in text order. */
  mentions: z.array(z.string()),
  /** Hashtags of the text, lower case (`normalizeTag`), in text order, each once. */
  tags: z.array(z.string()),
  category: z.enum(FEED_CATEGORIES),
  thumbnail: z.nullable(z.string()),
  /** The author's profile image's size, preview and small variants (absent without one). */
  thumbnailMedia: z.optional(MediaInfo),
  postUser: PostAuthor,
  media_url: z.nullable(z.string()),
  /** MIME type of the uploaded file (judged by its bytes), so the card picks image, video or audio. */
  media_mime: z.nullable(z.string()),
  /** The author's description of the uploaded image or video (alt text); null without one. */
  media_alt: z.nullable(z.string()),
  /** The uploaded file's size, preview and variants (absent without an upload, or for one stored before they were recorded). */
  media: z.optional(MediaInfo),
  gif_url: z.nullable(z.string()),
  likes: z.number(),
  repliesCount: z.number(),
  repostsCount: z.number(),
  repost_count: z.optional(z.number()),
  likedByMe: z.boolean(),
  repostedByMe: z.boolean(),
  /** The signed-in viewer saved it (false when signed out); nobody else ever learns it. */
  bookmarked: z.boolean(),
  isBoosted: z.boolean(),
  isAdminBoosted: z.boolean(),
  parent_id: z.nullable(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
  editedAt: z.nullable(z.string()),
  get originalPost(): z.ZodMiniOptional<z.ZodMiniNullable<typeof Post>> {
    return z.optional(z.nullable(Post));
  },
  /**
   * True when the original (a reply's parent; on a thread's first ancestor, the post above it) exists
   * but its author is one the viewer may not see (a block either way, a suspension; in lists also a
   * mute): `originalPost` is then null and the client draws "This post is unavailable".
   */
  originalHidden: z.optional(z.boolean()),
});
export type Post = z.output<typeof Post>;

/** One trending hashtag: `count` is how many distinct accounts used it in the last 24 hours (0 when unknown). */
export const TrendingTag = z.object({
  tag: z.string(),
  count: z.number(),
});
export type TrendingTag = z.output<typeof TrendingTag>;

/** GET /api/trending: the trending tags, best first, topped up with the default topics (TRENDING). */
export const TrendingTags = z.object({
  items: z.array(TrendingTag),
});
export type TrendingTags = z.output<typeof TrendingTags>;

/**
 * GET /api/posts/:id/thread: the chain of parents from the root down to the direct parent (at most
 * THREAD.ancestorsMax of them: when cut, the first one's parent_id is not null), the post, and its
 * direct replies oldest first (further pages as GET /api/posts/:id/replies pages them).
 */
export const PostThread = z.object({
  ancestors: z.array(Post),
  post: Post,
  replies: pageOf(Post),
});
export type PostThread = z.output<typeof PostThread>;

/** POST /api/bookmarks and DELETE /api/bookmarks/:postId: the viewer's bookmark after the call. */
export const BookmarkResult = z.object({
  success: z.literal(true),
  bookmarked: z.boolean(),
});
export type BookmarkResult = z.output<typeof BookmarkResult>;

/** One earlier version of an edited post: GET /api/posts/:id/history. */
export const PostEdit = z.object({
  content: z.string(),
  editedAt: z.string(),
});
export type PostEdit = z.output<typeof PostEdit>;

/** Counts behind the profile filter buttons: GET /api/users/:username/counts. */
export const PostCounts = z.object({
  posts: z.number(),
  likes: z.number(),
  replies: z.number(),
  reposts: z.number(),
  media: z.number(),
});
export type PostCounts = z.output<typeof PostCounts>;

/** POST /api/posts/:id/like */
export const LikeResult = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likes: z.number(),
});
export type LikeResult = z.output<typeof LikeResult>;

/** POST /api/posts/:id/repost */
export const RepostResult = z.object({
  success: z.literal(true),
  reposted: z.boolean(),
  reposts: z.number(),
});
export type RepostResult = z.output<typeof RepostResult>;

/** GET /api/search/user/:name (404 when none). */
export const UserSearchResult = z.object({
  id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
});
export type UserSearchResult = z.output<typeof UserSearchResult>;

/** An account offered by the composers' `@` autocomplete (GET /api/users/suggest). */
export type UserSuggestion = UserSearchResult;


export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The schema of a page of `item`s (Page). */
export function pageOf<T extends $ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}

export const FollowUser = z.object({
  id: z.number(),
  name: z.nullable(z.string()),
  username: z.string(),
  thumbnail: z.nullable(z.string()),
  isFollowing: z.boolean(),
});
export type FollowUser = z.output<typeof FollowUser>;

export const BoostQuota = z.object({
  allowed: z.number(),
  used: z.number(),
  remaining: z.number(),
  periodEnd: z.string(),
  /** The user's posts whose boost request waits for the next rotation (their button reads Requested). */
  requestedPostIds: z.array(z.number()),
});
export type BoostQuota = z.output<typeof BoostQuota>;

export const Subscription = z.object({
  planName: z.string(),
  subscriptionId: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type Subscription = z.output<typeof Subscription>;

/** POST /api/subscriptions: the verified subscription and the account's new group and limits. */
export const SubscribeResult = z.object({
  success: z.literal(true),
  subscription: Subscription,
  groupId: z.number(),
  limits: z.object({ postLimit: z.number(), mediaLimit: z.number(), editTimeout: z.nullable(z.number()), priorityBoost: z.boolean() }),
});
export type SubscribeResult = z.output<typeof SubscribeResult>;

/** POST /api/webhooks/paypal */
export const WebhookResult = z.object({
  success: z.literal(true),
  duplicate: z.optional(z.literal(true)),
  ignored: z.optional(z.literal(true)),
});
export type WebhookResult = z.output<typeof WebhookResult>;

export const SystemNotice = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
  media_url: z.nullable(z.string()),
  /** MIME type of the uploaded file, so the card picks image, video or audio (null without one). */
  media_mime: z.optional(z.nullable(z.string())),
  /** The uploaded file's size, preview and variants, as for posts. */
  media: z.optional(MediaInfo),
  postUser: PostAuthor,
});
export type SystemNotice = z.output<typeof SystemNotice>;

/** POST /api/notifications/posts: 201 on create, 200 on edit (with `id`). */
export const NoticeResult = z.object({
  success: z.literal(true),
  notice: SystemNotice,
});
export type NoticeResult = z.output<typeof NoticeResult>;

/** POST /api/follow and /api/unfollow: the followed user's followers and the follower's following. */
export const FollowResult = z.object({
  success: z.literal(true),
  isFollowing: z.boolean(),
  followersCount: z.number(),
  followingCount: z.number(),
});
export type FollowResult = z.output<typeof FollowResult>;

/** GET /api/is-following?followerId&followedId */
export const IsFollowingResult = z.object({
  isFollowing: z.boolean(),
});
export type IsFollowingResult = z.output<typeof IsFollowingResult>;

export type AlertType = 'like' | 'reply' | 'repost' | 'follow' | 'mention';
export const ALERT_TYPES: readonly AlertType[] = ['like', 'reply', 'repost', 'follow', 'mention'];

/**
 * Alerts from the Cloud 9 team rather than a member: a staff member's warning (its text is the
 * message) and "your report was reviewed". They have no actor and cannot be turned off.
 */
export type TeamAlertType = 'warning' | 'report-handled';
export const UserAlertType = z.enum(['like', 'reply', 'repost', 'follow', 'mention', 'warning', 'report-handled']);
export type UserAlertType = AlertType | TeamAlertType;

export const UserAlert = z.object({
  id: z.number(),
  type: UserAlertType,
  message: z.string(),
  /** Null on a team alert. */
  actor_name: z.nullable(z.string()),
  actor_username: z.nullable(z.string()),
  actor_thumbnail: z.nullable(z.string()),
  post_id: z.nullable(z.number()),
  createdAt: z.string(),
});
export type UserAlert = z.output<typeof UserAlert>;

/** One of the few most recent actors of a grouped alert. */
export const AlertGroupActor = z.object({
  username: z.string(),
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
});
export type AlertGroupActor = z.output<typeof AlertGroupActor>;

/**
 * GET /api/notifications/user/:userId?grouped=1: likes of one post form one group, reposts of one
 * post one group, follows of one UTC day one group; replies and mentions stand alone.
 */
export const AlertGroup = z.object({
  /** Stable while the group lives ('like:12', 'follow:2026-11-23', 'reply:345'). */
  key: z.string(),
  type: UserAlertType,
  /** A team alert's message (a warning's text); absent on members' alerts, whose sentence the client writes. */
  text: z.optional(z.string()),
  /** The post concerned (the reply or mentioning post for those); its text cut to its start. Absent for follows. */
  post: z.optional(z.object({ id: z.number(), content: z.string() })),
  /** The most recent distinct actors, newest first (at most ALERT_GROUP_ACTORS). */
  actors: z.array(AlertGroupActor),
  /** Distinct actors in the group. */
  count: z.number(),
  /** The newest alert's time. */
  latestAt: z.string(),
  /** Newer than the recipient's seen time (POST /api/notifications/seen marks all read). */
  unread: z.boolean(),
});
export type AlertGroup = z.output<typeof AlertGroup>;

/** The most recent actors a group names. */
export const ALERT_GROUP_ACTORS = 3;

/** GET and PUT /api/notifications/settings: which alert types are stored and pushed. */
/** `push`: the push switch per type (issue 31); absent from a server that sends no pushes. */
export const NotificationSettings = z.object({ like: z.boolean(), reply: z.boolean(), repost: z.boolean(), follow: z.boolean(), mention: z.boolean(), push: z.optional(PushSettings) });
export type NotificationSettings = Record<AlertType, boolean>;

export const NotificationStatus = z.object({
  latestUserAlert: z.nullable(z.string()),
  latestSystemNotice: z.nullable(z.string()),
  lastSeenUserAlerts: z.nullable(z.string()),
  lastSeenSystemNotices: z.nullable(z.string()),
});
export type NotificationStatus = z.output<typeof NotificationStatus>;

/** POST /api/notifications/seen {kind} */
export type NotificationSeenKind = 'alerts' | 'notices';
export const NOTIFICATION_SEEN_KINDS: readonly NotificationSeenKind[] = ['alerts', 'notices'];

export const NotificationSeenResult = z.object({ success: z.literal(true), ...NotificationStatus.shape });
export type NotificationSeenResult = z.output<typeof NotificationSeenResult>;

export const GifImage = z.object({
  url: z.string(),
  width: z.optional(z.string()),
  height: z.optional(z.string()),
});
export type GifImage = z.output<typeof GifImage>;

export const GifObject = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  images: z.record(z.string(), GifImage),
  is_sticker: z.union([z.number(), z.boolean()]),
  /** The provider's opaque analytics token for this GIF in this answer; pingback events carry it back. */
  analytics_response_payload: z.optional(z.string()),
});
export type GifObject = z.output<typeof GifObject>;

/** GET /api/gifs/search, trending, related and emoji answer in the provider's (Giphy's) shape. */
export const GifSearchResponse = z.object({
  data: z.array(GifObject),
  pagination: z.object({ total_count: z.number(), count: z.number(), offset: z.number() }),
  meta: z.object({ status: z.number(), msg: z.string(), response_id: z.optional(z.string()) }),
});
export type GifSearchResponse = z.output<typeof GifSearchResponse>;

/** One of the provider's GIF categories: a search for `name` shows its GIFs; `gif` is its cover. */
export const GifCategory = z.object({
  name: z.string(),
  name_encoded: z.string(),
  gif: z.nullable(GifObject),
});
export type GifCategory = z.output<typeof GifCategory>;

/** GET /api/gifs/categories */
export const GifCategoriesResponse = z.object({
  data: z.array(GifCategory),
  meta: z.object({ status: z.number(), msg: z.string(), response_id: z.optional(z.string()) }),
});
export type GifCategoriesResponse = z.output<typeof GifCategoriesResponse>;

/** GET /api/gifs/random: one GIF, or null when nothing matches the tag. */
export const GifRandomResponse = z.object({
  data: z.nullable(GifObject),
  meta: z.object({ status: z.number(), msg: z.string(), response_id: z.optional(z.string()) }),
});
export type GifRandomResponse = z.output<typeof GifRandomResponse>;

/** Public client configuration: GET /api/config. */
export const PublicConfig = z.object({
  supportEmail: z.string(),
  donateUrl: z.nullable(z.string()),
  paypalClientId: z.nullable(z.string()),
  /** PayPal JS SDK base URL (without query). */
  paypalSdkUrl: z.string(),
  gifsEnabled: z.boolean(),
  /** Base URL of the emoji image CDN (the picker's image styles load from it). */
  emojiCdnUrl: z.string(),
  /** REQUIRE_2FA_FOR_STAFF: staff tools need two-factor on (the app leads staff without it to set it up). */
  staffTwoFactorRequired: z.boolean(),
});
export type PublicConfig = z.output<typeof PublicConfig>;

/** Every error body: `{ success: false, error, statusCode }`. */
export const ApiError = z.object({
  success: z.literal(false),
  error: z.string(),
  statusCode: z.number(),
});
export type ApiError = z.output<typeof ApiError>;

export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
});
export type HealthReport = z.output<typeof HealthReport>;

/** GET /api/health/live: the process runs and answers. */
export const LivenessReport = z.object({
  status: z.literal('live'),
});
export type LivenessReport = z.output<typeof LivenessReport>;

/**
 * GET /api/health/ready: 200 with `status: 'ready'` when this instance should take traffic; else 503
 * with the error shape (`success: false`, a catalogue message) and the same details.
 */
export const ReadinessReport = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** 'unknown' while draining: the dependencies are not asked then. */
  database: z.enum(['up', 'down', 'unknown']),
  redis: z.enum(['up', 'down', 'unknown']),
  /** Shutting down (SIGTERM). */
  draining: z.boolean(),
});
export type ReadinessReport = z.output<typeof ReadinessReport>;
