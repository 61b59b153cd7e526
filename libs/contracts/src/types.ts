/** Wire types of the data model, as the API sends them. Dates are ISO-8601 strings. */
import type { FeedCategory } from './categories';

/** The signed-in user (kept in localStorage as `currentUser`). */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  name: string | null;
  bio: string | null;
  birthdate: string | null;
  phone: string | null;
  location: string | null;
  website: string | null;
  thumbnail: string | null;
  background: string | null;
  group_id: number;
  createdAt: string;
}

/** Limits of the user's group (kept in localStorage as `groupLimits`). */
export interface GroupLimits {
  postLimit: number;
  mediaLimit: number;
  editTimeout: number | null;
  priorityBoost: boolean;
}

/** GET /api/group/:groupId */
export interface GroupPlan extends GroupLimits {
  id: number;
  name: string;
  description: string;
  subscriptionFee: number;
  monthlyBoosts: number;
  paypalPlanId: string | null;
  isAvailable: boolean;
}

/** GET /api/profile/:username. `email`, `phone` and `birthdate` only for the owner and admins. */
export interface UserProfile {
  id: number;
  username: string;
  name: string | null;
  bio: string | null;
  thumbnail: string | null;
  background: string | null;
  location: string | null;
  website: string | null;
  group_id: number;
  createdAt: string;
  followersCount: number;
  followingCount: number;
  /** The profile image's and banner's size, preview and small variants (absent without an image). */
  thumbnailMedia?: MediaInfo;
  backgroundMedia?: MediaInfo;
  email?: string;
  phone?: string | null;
  birthdate?: string | null;
  /** Only for a signed-in viewer on someone else's profile: whether the viewer mutes or blocks this account. */
  viewer?: { muted: boolean; blocked: boolean };
}

/** One responsive rendition of an uploaded image: a WebP `width` pixels wide (never wider than the original). */
export interface MediaVariant {
  url: string;
  width: number;
  height: number;
}

/** A frame of a video, drawn by the uploader's browser: a WebP shown before the video plays. */
export interface MediaPoster {
  url: string;
  width: number;
  height: number;
}

/**
 * What the client needs to lay out an upload before it loads: its size (to reserve the box), a
 * tiny preview to show meanwhile (a `data:` URL), and its variants, narrowest first, for `srcset`.
 * Variants may arrive after the post: until then the list is empty and the original is shown.
 * A video has its display size (when its container gives one) and may have a poster frame; audio
 * and video have no preview and no variants.
 */
export interface MediaInfo {
  width: number | null;
  height: number | null;
  placeholder: string | null;
  variants: MediaVariant[];
  poster?: MediaPoster;
}

export interface PostAuthor {
  name: string | null;
  thumbnail: string | null;
}

export interface Post {
  id: number;
  user_id: number;
  username: string;
  name: string | null;
  realname?: string | null;
  content: string;
  /** Usernames of the existing accounts the text mentions (as each account spells its name now), in text order. */
  mentions: string[];
  /** Hashtags of the text, lower case (`normalizeTag`), in text order, each once. */
  tags: string[];
  category: FeedCategory;
  thumbnail: string | null;
  /** The author's profile image's size, preview and small variants (absent without one). */
  thumbnailMedia?: MediaInfo;
  postUser: PostAuthor;
  media_url: string | null;
  /** MIME type of the uploaded file (judged by its bytes), so the card picks image, video or audio. */
  media_mime: string | null;
  /** The author's description of the uploaded image or video (alt text); null without one. */
  media_alt: string | null;
  /** The uploaded file's size, preview and variants (absent without an upload, or for one stored before they were recorded). */
  media?: MediaInfo;
  gif_url: string | null;
  likes: number;
  repliesCount: number;
  repostsCount: number;
  repost_count?: number;
  likedByMe: boolean;
  repostedByMe: boolean;
  /** The signed-in viewer saved it (false when signed out); nobody else ever learns it. */
  bookmarked: boolean;
  isBoosted: boolean;
  isAdminBoosted: boolean;
  parent_id: number | null;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  originalPost?: Post | null;
  /**
   * True when the original (a reply's parent; on a thread's first ancestor, the post above it) exists
   * but its author is one the viewer may not see (a block either way, a suspension; in lists also a
   * mute): `originalPost` is then null and the client draws "This post is unavailable".
   */
  originalHidden?: boolean;
}

/** One trending hashtag: `count` is how many distinct accounts used it in the last 24 hours (0 when unknown). */
export interface TrendingTag {
  tag: string;
  count: number;
}

/** GET /api/trending: the trending tags, best first, topped up with the default topics (TRENDING). */
export interface TrendingTags {
  items: TrendingTag[];
}

/**
 * GET /api/posts/:id/thread: the chain of parents from the root down to the direct parent (at most
 * THREAD.ancestorsMax of them: when cut, the first one's parent_id is not null), the post, and its
 * direct replies oldest first (further pages as GET /api/posts/:id/replies pages them).
 */
export interface PostThread {
  ancestors: Post[];
  post: Post;
  replies: Page<Post>;
}

/** POST /api/bookmarks and DELETE /api/bookmarks/:postId: the viewer's bookmark after the call. */
export interface BookmarkResult {
  success: true;
  bookmarked: boolean;
}

/** One earlier version of an edited post: GET /api/posts/:id/history. */
export interface PostEdit {
  content: string;
  editedAt: string;
}

/** Counts behind the profile filter buttons: GET /api/users/:username/counts. */
export interface PostCounts {
  posts: number;
  likes: number;
  replies: number;
  reposts: number;
  media: number;
}

/** POST /api/posts/:id/like */
export interface LikeResult {
  success: true;
  liked: boolean;
  likes: number;
}

/** POST /api/posts/:id/repost */
export interface RepostResult {
  success: true;
  reposted: boolean;
  reposts: number;
}

/** GET /api/search/user/:name (404 when none). */
export interface UserSearchResult {
  id: number;
  username: string;
  name: string | null;
  thumbnail: string | null;
}

/** An account offered by the composers' `@` autocomplete (GET /api/users/suggest). */
export type UserSuggestion = UserSearchResult;

/** GET /api/gifs/search, trending, related and emoji answer in the provider's (Giphy's) shape. */
export interface GifSearchResponse {
  data: GifObject[];
  pagination: { total_count: number; count: number; offset: number };
  meta: { status: number; msg: string; response_id?: string };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface FollowUser {
  id: number;
  name: string | null;
  username: string;
  thumbnail: string | null;
  isFollowing: boolean;
}

export interface BoostQuota {
  allowed: number;
  used: number;
  remaining: number;
  periodEnd: string;
  /** The user's posts whose boost request waits for the next rotation (their button reads Requested). */
  requestedPostIds: number[];
}

export interface Subscription {
  planName: string;
  subscriptionId: string;
  status: string;
  createdAt: string;
}

/** POST /api/subscriptions: the verified subscription and the account's new group and limits. */
export interface SubscribeResult {
  success: true;
  subscription: Subscription;
  groupId: number;
  limits: { postLimit: number; mediaLimit: number; editTimeout: number | null; priorityBoost: boolean };
}

/** POST /api/webhooks/paypal */
export interface WebhookResult {
  success: true;
  duplicate?: true;
  ignored?: true;
}

export interface SystemNotice {
  id: number;
  user_id: number;
  username: string;
  content: string;
  createdAt: string;
  updatedAt?: string;
  media_url: string | null;
  /** MIME type of the uploaded file, so the card picks image, video or audio (null without one). */
  media_mime?: string | null;
  /** The uploaded file's size, preview and variants, as for posts. */
  media?: MediaInfo;
  postUser: PostAuthor;
}

/** POST /api/notifications/posts: 201 on create, 200 on edit (with `id`). */
export interface NoticeResult {
  success: true;
  notice: SystemNotice;
}

/** POST /api/follow and /api/unfollow: the followed user's followers and the follower's following. */
export interface FollowResult {
  success: true;
  isFollowing: boolean;
  followersCount: number;
  followingCount: number;
}

/** GET /api/is-following?followerId&followedId */
export interface IsFollowingResult {
  isFollowing: boolean;
}

export type AlertType = 'like' | 'reply' | 'repost' | 'follow' | 'mention';
export const ALERT_TYPES: readonly AlertType[] = ['like', 'reply', 'repost', 'follow', 'mention'];

/**
 * Alerts from the Cloud 9 team rather than a member: a staff member's warning (its text is the
 * message) and "your report was reviewed". They have no actor and cannot be turned off.
 */
export type TeamAlertType = 'warning' | 'report-handled';
export type UserAlertType = AlertType | TeamAlertType;

export interface UserAlert {
  id: number;
  type: UserAlertType;
  message: string;
  /** Null on a team alert. */
  actor_name: string | null;
  actor_username: string | null;
  actor_thumbnail: string | null;
  post_id: number | null;
  createdAt: string;
}

/** One of the few most recent actors of a grouped alert. */
export interface AlertGroupActor {
  username: string;
  name: string | null;
  thumbnail: string | null;
}

/**
 * GET /api/notifications/user/:userId?grouped=1: likes of one post form one group, reposts of one
 * post one group, follows of one UTC day one group; replies and mentions stand alone.
 */
export interface AlertGroup {
  /** Stable while the group lives ('like:12', 'follow:2026-11-23', 'reply:345'). */
  key: string;
  type: UserAlertType;
  /** A team alert's message (a warning's text); absent on members' alerts, whose sentence the client writes. */
  text?: string;
  /** The post concerned (the reply or mentioning post for those); its text cut to its start. Absent for follows. */
  post?: { id: number; content: string };
  /** The most recent distinct actors, newest first (at most ALERT_GROUP_ACTORS). */
  actors: AlertGroupActor[];
  /** Distinct actors in the group. */
  count: number;
  /** The newest alert's time. */
  latestAt: string;
  /** Newer than the recipient's seen time (POST /api/notifications/seen marks all read). */
  unread: boolean;
}

/** The most recent actors a group names. */
export const ALERT_GROUP_ACTORS = 3;

/** GET and PUT /api/notifications/settings: which alert types are stored and pushed. */
export type NotificationSettings = Record<AlertType, boolean>;

export interface NotificationStatus {
  latestUserAlert: string | null;
  latestSystemNotice: string | null;
  lastSeenUserAlerts: string | null;
  lastSeenSystemNotices: string | null;
}

/** POST /api/notifications/seen {kind} */
export type NotificationSeenKind = 'alerts' | 'notices';
export const NOTIFICATION_SEEN_KINDS: readonly NotificationSeenKind[] = ['alerts', 'notices'];

export type NotificationSeenResult = { success: true } & NotificationStatus;

export interface GifImage {
  url: string;
  width?: string;
  height?: string;
}

export interface GifObject {
  id: string;
  url: string;
  title: string;
  images: Record<string, GifImage>;
  is_sticker: number | boolean;
  /** The provider's opaque analytics token for this GIF in this answer; pingback events carry it back. */
  analytics_response_payload?: string;
}

/** One of the provider's GIF categories: a search for `name` shows its GIFs; `gif` is its cover. */
export interface GifCategory {
  name: string;
  name_encoded: string;
  gif: GifObject | null;
}

/** GET /api/gifs/categories */
export interface GifCategoriesResponse {
  data: GifCategory[];
  meta: { status: number; msg: string; response_id?: string };
}

/** GET /api/gifs/random: one GIF, or null when nothing matches the tag. */
export interface GifRandomResponse {
  data: GifObject | null;
  meta: { status: number; msg: string; response_id?: string };
}

/** Public client configuration: GET /api/config. */
export interface PublicConfig {
  supportEmail: string;
  donateUrl: string | null;
  paypalClientId: string | null;
  /** PayPal JS SDK base URL (without query). */
  paypalSdkUrl: string;
  gifsEnabled: boolean;
  /** Base URL of the emoji image CDN (the picker's image styles load from it). */
  emojiCdnUrl: string;
}

/** Every error body: `{ success: false, error, statusCode }`. */
export interface ApiError {
  success: false;
  error: string;
  statusCode: number;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down';
}

/** GET /api/health/live: the process runs and answers. */
export interface LivenessReport {
  status: 'live';
}

/**
 * GET /api/health/ready: 200 with `status: 'ready'` when this instance should take traffic; else 503
 * with the error shape (`success: false`, a catalogue message) and the same details.
 */
export interface ReadinessReport {
  status: 'ready' | 'not-ready';
  /** 'unknown' while draining: the dependencies are not asked then. */
  database: 'up' | 'down' | 'unknown';
  redis: 'up' | 'down' | 'unknown';
  /** Shutting down (SIGTERM). */
  draining: boolean;
}
