/**
 * What the app's client sends: query strings and request bodies of the route table (routes.ts).
 * A query value that is null, undefined or '' is left out of the query string.
 */
import type { NotificationSeenKind } from './types';

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
}

/** Search and filtered lists: `query` is the text to match. */
export interface TextPageQuery extends PageQuery {
  query?: string;
}

/** A post without a file (JSON); `gif` is the chosen GIF's URL or null. */
export interface NewPostBody {
  content: string;
  category?: string;
  gif: string | null;
}

/** A post with a file (multipart): the text fields of NewPostBody, an absent GIF left out. */
export interface NewPostFields {
  content: string;
  category?: string;
  gif?: string;
}

export interface PostTextBody {
  content: string;
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
}

export interface GifSearchQuery extends GifTrendingQuery {
  q: string;
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
