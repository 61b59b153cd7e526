import { useQuery } from '@tanstack/react-query';
import { MESSAGES, type Page, type Post, type PostCounts } from '@cloud9/contracts';
import { fetchPosts, fetchUserPostCounts, fetchUserPostList, type UserPostList } from '../../api/posts';
import { searchProfilePosts } from '../../api/search';
import { fetchProfile } from '../../api/users';
import type { Cursor, PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { postsKeys } from '../../queries/posts';
import { profileKeys } from '../../queries/profiles';

export const PROFILE_FILTERS = ['Posts', 'Likes', 'Replies', 'Reposts', 'Media'] as const;
export type ProfileFilter = (typeof PROFILE_FILTERS)[number];

const LISTS: Record<Exclude<ProfileFilter, 'Posts'>, UserPostList> = {
  Likes: 'liked-posts',
  Replies: 'replies',
  Reposts: 'reposts',
  Media: 'media',
};

const ZERO: PostCounts = { posts: 0, likes: 0, replies: 0, reposts: 0, media: 0 };

export function useProfile(username: string) {
  return useQuery({ queryKey: profileKeys.byUsername(username), queryFn: ({ signal }) => fetchProfile(username, signal) });
}

/** The numbers on the profile's filter buttons; zeros until (or unless) they load. */
export function usePostCounts(username: string): PostCounts {
  const { data } = useQuery({
    queryKey: profileKeys.postCounts(username),
    queryFn: async ({ signal }) => ({ ...ZERO, ...(await fetchUserPostCounts(username, signal)) }),
    enabled: username !== '',
    meta: { failureMessage: 'Loading post counts failed' },
  });
  return data ?? ZERO;
}

/** The list under the profile's filter buttons, or the own-profile search results when `query` is set. */
export function useProfilePosts(username: string, filter: ProfileFilter, query: string): PagedQuery<Post> {
  const fetchPage = (cursor: Cursor, signal: AbortSignal): Promise<Page<Post>> => {
    if (query) return searchProfilePosts(username, query, cursor, signal);
    if (filter === 'Posts') return fetchPosts({ username, cursor }, signal);
    return fetchUserPostList(username, LISTS[filter], cursor, signal);
  };
  return usePagedQuery(postsKeys.profile(username, filter, query), fetchPage, MESSAGES.post.fetchFailed);
}
