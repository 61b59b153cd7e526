import { PAGING, ROUTES, type FeedCategory, type Post } from '@cloud9/contracts';
import { callApi, formOf } from './client';
import { posterOf } from './videoPosterPart';

export interface FeedQuery {
  cursor?: string | null;
  tab?: 'following';
  username?: string;
  /** Free text, may start with '@user'. */
  search?: string;
  category?: FeedCategory;
  /** Posts and replies carrying this hashtag (lower case, without `#`). */
  tag?: string;
  limit?: number;
}

export const fetchPosts = (query: FeedQuery = {}, signal?: AbortSignal) =>
  callApi(ROUTES.posts.list, { query: { limit: PAGING.defaultLimit, ...query }, signal });

export const fetchReplies = (postId: string | number, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.posts.replies, { params: { id: postId }, query: { cursor }, signal });

/** The post with its ancestors and the first page of its replies (later pages: fetchReplies). */
export const fetchThread = (postId: string | number, signal?: AbortSignal) => callApi(ROUTES.posts.thread, { params: { id: postId }, signal });

export const fetchPostHistory = (postId: number, signal?: AbortSignal) => callApi(ROUTES.posts.history, { params: { id: postId }, signal });

/** What a composer sends: JSON without a file, multipart with one (a video with its poster frame when the browser can draw one). */
export interface NewPost {
  content: string;
  category?: FeedCategory;
  gif?: string | null;
  file?: File | null;
  /** The file's description (sent only with a file; blank is none). */
  alt?: string;
}

export async function createPost(post: NewPost): Promise<Post> {
  const route = ROUTES.posts.create;
  if (post.file) {
    const poster = (await posterOf(post.file)) ?? undefined;
    return callApi(route, {
      body: formOf(route, {
        content: post.content,
        category: post.category || undefined,
        file: post.file,
        poster,
        gif: post.gif || undefined,
        alt: post.alt?.trim() || undefined,
      }),
    });
  }
  const body: { content: string; category?: FeedCategory; gif: string | null } = { content: post.content, gif: post.gif ?? null };
  if (post.category) body.category = post.category;
  return callApi(route, { body });
}

export const likePost = (postId: number) => callApi(ROUTES.posts.like, { params: { id: postId }, body: {} });

export const repostPost = (postId: number) => callApi(ROUTES.posts.repost, { params: { id: postId }, body: {} });

/** A reply: JSON without a file, multipart with one (its description, and a video's poster frame). */
export interface NewReply {
  content: string;
  file?: File | null;
  alt?: string;
}

export async function replyToPost(postId: number, reply: NewReply): Promise<Post> {
  const route = ROUTES.posts.reply;
  if (reply.file) {
    const poster = (await posterOf(reply.file)) ?? undefined;
    return callApi(route, { params: { id: postId }, body: formOf(route, { content: reply.content, file: reply.file, poster, alt: reply.alt?.trim() || undefined }) });
  }
  return callApi(route, { params: { id: postId }, body: { content: reply.content } });
}

/** `alt` undefined leaves the description as it is; blank removes it. */
export const editPost = (postId: number, content: string, alt?: string): Promise<{ success: boolean; post: Post }> =>
  callApi(ROUTES.posts.edit, { params: { id: postId }, body: alt === undefined ? { content } : { content, alt } });

export const deletePost = (postId: number): Promise<{ success: boolean }> => callApi(ROUTES.posts.delete, { params: { id: postId } });

/** The profile's lists besides its own posts. */
export type UserPostList = 'replies' | 'liked-posts' | 'reposts' | 'media';

const USER_POST_LISTS = {
  replies: ROUTES.profilePosts.replies,
  'liked-posts': ROUTES.profilePosts.liked,
  reposts: ROUTES.profilePosts.reposts,
  media: ROUTES.profilePosts.media,
} as const;

export const fetchUserPostList = (username: string, list: UserPostList, cursor?: string | null, signal?: AbortSignal) =>
  callApi(USER_POST_LISTS[list], { params: { username }, query: { cursor }, signal });

export const fetchUserPostCounts = (username: string, signal?: AbortSignal) => callApi(ROUTES.profilePosts.counts, { params: { username }, signal });
