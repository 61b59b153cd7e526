/**
 * What the app's client sends: query strings and request bodies of the route table (routes.ts).
 * A query value that is null, undefined or '' is left out of the query string.
 */
import type { AlertType, NotificationSeenKind, NotificationSettings } from './types';

export interface LoginBody {
  username: string;
  password: string;
}

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

/** Only the fields that change; an empty string clears an optional field. A new password needs the current one. */
export interface ProfileFields {
  name?: string;
  email?: string;
  bio?: string;
  birthdate?: string;
  phone?: string;
  location?: string;
  website?: string;
  password?: string;
  confirmPassword?: string;
  currentPassword?: string;
}

export type ProfileImage = 'thumbnail' | 'background';

/** Keyset paging of every list: `{ items, nextCursor }`, the cursor sent back for the next page. */
export interface PageQuery {
  cursor?: string | null;
  limit?: number;
}

export interface FeedQueryParams extends PageQuery {
  tab?: 'following' | 'foryou' | 'for-you' | 'all';
  /** Posts of this user only. */
  username?: string;
  /** Free text, may start with '@user'. */
  search?: string;
  category?: string;
  /** Posts (and replies) carrying this hashtag, with or without its `#`, any case. */
  tag?: string;
}

/** Search and filtered lists: `query` is the text to match. */
export interface TextPageQuery extends PageQuery {
  query?: string;
}

/** The alert list: `grouped=1` answers AlertGroup items; `type` keeps one alert type (the Mentions view). */
export interface AlertsQuery extends TextPageQuery {
  grouped?: '1';
  type?: AlertType;
}

/** PUT /api/notifications/settings: any of the five switches; those left out keep their value. */
export type NotificationSettingsBody = Partial<NotificationSettings>;

/** GET /api/users/suggest: the start of a username (without `@`). */
export interface UsernameSuggestQuery {
  prefix: string;
}

/** A post without a file (JSON); `gif` is the chosen GIF's URL or null. */
export interface NewPostBody {
  content: string;
  category?: string;
  gif: string | null;
  /** A description needs an upload: without one, only absent, null or blank is accepted. */
  alt?: string | null;
}

/** A post with a file (multipart): the text fields of NewPostBody, an absent GIF left out; `alt` describes the file. */
export interface NewPostFields {
  content: string;
  category?: string;
  gif?: string;
  alt?: string;
}

/** A reply without a file (JSON). */
export interface ReplyBody {
  content: string;
  alt?: string | null;
}

/** A reply with a file (multipart): `alt` describes the file. */
export interface ReplyFields {
  content: string;
  alt?: string;
}

/** An edit: the new text; `alt` replaces the file's description (null or blank removes it, absent keeps it). */
export interface EditPostBody {
  content: string;
  alt?: string | null;
}

/** Like and repost take no fields (the session is the actor); the client sends `{}`. */
export type EmptyBody = Record<never, never>;

export interface FollowPair {
  followerId: number;
  followedId: number;
}

export interface GifTrendingQuery {
  offset?: number;
  limit?: number;
  rating?: string;
  /** The browser's pingback id, passed on to the provider so its analytics tie searches to events. */
  pingback_id?: string;
}

export interface GifSearchQuery extends GifTrendingQuery {
  q: string;
}

/** GIFs like the GIF `gif_id`. */
export interface GifRelatedQuery extends GifTrendingQuery {
  gif_id: string;
}

/** The provider's emoji (GIF stickers); no rating. */
export interface GifEmojiQuery {
  offset?: number;
  limit?: number;
  pingback_id?: string;
}

/** One random GIF, for `tag` when given. */
export interface GifRandomQuery {
  tag?: string;
  rating?: string;
  pingback_id?: string;
}

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

/** POST /api/gifs/pingback: a batch of events, forwarded to the provider with the server's key. */
export interface GifPingbackBody {
  events: GifPingbackEvent[];
}

/** A new system notice, or an edit of notice `id`. */
export interface NoticeBody {
  id?: number;
  message: string;
}

export interface NoticeFields {
  message: string;
  id?: string;
}

export interface NotificationSeenBody {
  kind: NotificationSeenKind;
}

/** PayPal's subscription id and the paid group chosen. */
export interface SubscribeBody {
  subscriptionId: string;
  groupId: number;
}

/** POST /api/bookmarks: the post to save (the session is the owner). */
export interface BookmarkBody {
  postId: number;
}

export interface BoostRequestBody {
  userId: number;
  postId: number;
}

/** `adminId`, when sent, must be the session's user. */
export interface ResetPasswordBody {
  adminId?: number;
  username: string;
  newPassword: string;
}

/** Only these orphans (as the scan listed them); every orphan when absent. */
export interface OrphanDeleteBody {
  names?: string[];
}

export interface SetUserGroupBody {
  group_id: number;
}
