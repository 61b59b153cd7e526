import type { QueryClient } from '@tanstack/react-query';
import type { FeedQuery } from '../api/posts';
import { refreshFirstPage } from './paging';

// Apart from the post hooks (queries/posts.ts) so the cache's realtime wiring, which every page
// loads, does not pull the post mutations and their API calls into the first load.

/** What picks a Home feed (the cursor is the page, not the feed). */
export type HomeFeed = Pick<FeedQuery, 'tab' | 'search' | 'category'>;

/** Every list of posts sits under `lists()`, so a change to one post reaches each copy of it. */
export const postsKeys = {
  all: ['posts'] as const,
  lists: () => [...postsKeys.all, 'list'] as const,
  feeds: () => [...postsKeys.lists(), 'feed'] as const,
  feed: (feed: HomeFeed) => [...postsKeys.feeds(), feed] as const,
  replies: (postId: number) => [...postsKeys.lists(), 'replies', postId] as const,
  /** The #tag screens' lists (not Home feeds: a new post joins only the lists of its own tags). */
  tags: () => [...postsKeys.lists(), 'tag'] as const,
  tag: (tag: string) => [...postsKeys.tags(), tag] as const,
  /** The post page: its replies as a list, the post and its ancestors riding on the first page. */
  thread: (postId: string) => [...postsKeys.lists(), 'thread', postId] as const,
  /** The signed-in member's saved posts, newest bookmark first. */
  bookmarks: () => [...postsKeys.lists(), 'bookmarks'] as const,
  /** A profile's list under its filter buttons, or its own-posts search when `search` is set. */
  profile: (username: string, filter: string, search: string) => [...postsKeys.lists(), 'profile', username, filter, search] as const,
  details: () => [...postsKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postsKeys.details(), postId] as const,
  history: (postId: number) => [...postsKeys.all, 'history', postId] as const,
};

/** Boosts changed: the Home feeds load page 0 again, in place, to take the new order. */
export const refreshFeeds = (queryClient: QueryClient) => refreshFirstPage(queryClient, postsKeys.feeds());
