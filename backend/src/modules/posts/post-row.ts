import type { FeedCategory, Post } from '@cloud9/contracts';

/** One row of POST_COLUMNS (posts.sql.ts). */
export interface PostRow {
  id: number;
  user_id: number;
  username: string;
  name: string | null;
  thumbnail: string | null;
  content: string;
  category: string;
  media_url: string | null;
  media_mime: string | null;
  gif_url: string | null;
  likes_count: number;
  replies_count: number;
  reposts_count: number;
  parent_id: number | null;
  created_at: Date;
  updated_at: Date;
  edited_at: Date | null;
  liked_by_me: boolean;
  reposted_by_me: boolean;
  is_boosted: boolean;
  is_admin_boosted: boolean;
}

/** The wire shape of a post (contracts `Post`), with the spec's duplicate names filled in. */
export function toPost(r: PostRow): Post {
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    name: r.name,
    realname: r.name,
    content: r.content,
    category: r.category as FeedCategory,
    thumbnail: r.thumbnail,
    postUser: { name: r.name, thumbnail: r.thumbnail },
    media_url: r.media_url,
    media_mime: r.media_mime,
    gif_url: r.gif_url,
    likes: r.likes_count,
    repliesCount: r.replies_count,
    repostsCount: r.reposts_count,
    repost_count: r.reposts_count,
    likedByMe: r.liked_by_me,
    repostedByMe: r.reposted_by_me,
    isBoosted: r.is_boosted,
    isAdminBoosted: r.is_admin_boosted,
    parent_id: r.parent_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    editedAt: r.edited_at ? r.edited_at.toISOString() : null,
  };
}
