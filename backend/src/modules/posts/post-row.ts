import type { Selectable } from 'kysely';
import type { FeedCategory, Post } from '@cloud9/contracts';
import type { Media, Posts, Users } from '../../database/schema';
import { mediaInfoOfRow, type MediaColumns } from '../media/public';

/** One row of postColumns (posts.sql.ts): the post, its author, its file's type and the viewer's flags. */
export type PostRow = Pick<
  Selectable<Posts>,
  'id' | 'user_id' | 'content' | 'tags' | 'category' | 'media_url' | 'media_alt' | 'gif_url' | 'likes_count' | 'replies_count' | 'reposts_count' | 'parent_id' | 'created_at' | 'updated_at' | 'edited_at'
> &
  Pick<Selectable<Users>, 'username' | 'name' | 'thumbnail'> &
  MediaColumns &
  MediaColumns<'avatar'> & {
    media_mime: Selectable<Media>['mime'] | null;
    /** Usernames of the mentioned accounts that exist (postColumns). */
    mentions: string[];
    liked_by_me: boolean;
    reposted_by_me: boolean;
    bookmarked_by_me: boolean;
    is_boosted: boolean;
    is_admin_boosted: boolean;
  };

/** A row of a page ordered by (time, id). */
export type PagedPostRow = PostRow & { cursor_time: string; cursor_id: number; /** A bounded walk's last examined row (toPage). */ scan_end?: boolean };

/** A row of a ranked search page. */
export type RankedPostRow = PostRow & { cursor_rank: number; cursor_similarity: number; cursor_id: number };

/** The wire shape of a post (contracts `Post`), with the duplicate field names the API also sends filled in. */
export function toPost(r: PostRow): Post {
  const media = mediaInfoOfRow(r.media_url, r, 'media');
  const thumbnailMedia = mediaInfoOfRow(r.thumbnail, r, 'avatar');
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    name: r.name,
    realname: r.name,
    content: r.content,
    mentions: r.mentions,
    tags: r.tags,
    category: r.category as FeedCategory,
    thumbnail: r.thumbnail,
    postUser: { name: r.name, thumbnail: r.thumbnail },
    media_url: r.media_url,
    media_mime: r.media_mime,
    media_alt: r.media_alt,
    ...(media && { media }),
    ...(thumbnailMedia && { thumbnailMedia }),
    gif_url: r.gif_url,
    likes: r.likes_count,
    repliesCount: r.replies_count,
    repostsCount: r.reposts_count,
    repost_count: r.reposts_count,
    likedByMe: r.liked_by_me,
    repostedByMe: r.reposted_by_me,
    bookmarked: r.bookmarked_by_me,
    isBoosted: r.is_boosted,
    isAdminBoosted: r.is_admin_boosted,
    parent_id: r.parent_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    editedAt: r.edited_at ? r.edited_at.toISOString() : null,
  };
}
