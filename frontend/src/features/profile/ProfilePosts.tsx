import { useCallback } from 'react';
import { LIMITS, MESSAGES, type Page, type Post } from '@cloud9/contracts';
import { fetchPosts, fetchUserPostList, type UserPostList } from '../../api/posts';
import { searchProfilePosts } from '../../api/search';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { useCursorList } from '../../hooks/useCursorList';
import { ReplyThread } from './ReplyThread';

export const PROFILE_FILTERS = ['Posts', 'Likes', 'Replies', 'Reposts', 'Media'] as const;
export type ProfileFilter = (typeof PROFILE_FILTERS)[number];

const LISTS: Record<Exclude<ProfileFilter, 'Posts'>, UserPostList> = {
  Likes: 'liked-posts',
  Replies: 'replies',
  Reposts: 'reposts',
  Media: 'media',
};

/** Spec §2 empty messages: 'No replies yet.', 'No {filter} yet.', and 'No posts found.' for posts and searches. */
function emptyMessageFor(filter: ProfileFilter, searching: boolean): string {
  if (searching || filter === 'Posts') return MESSAGES.empty.noPostsFound;
  if (filter === 'Replies') return MESSAGES.empty.noReplies;
  return MESSAGES.empty.noFilter(filter.toLowerCase());
}

interface ProfilePostsProps {
  username: string;
  filter: ProfileFilter;
  /** Debounced text of the own-profile search box; non-empty shows search results. */
  query: string;
  isOwn: boolean;
}

/** The list under the profile's filter buttons, infinitely scrolled. */
export function ProfilePosts({ username, filter, query, isOwn }: ProfilePostsProps) {
  const searching = query.length > 0;
  const load = useCallback(
    (cursor: string | null, signal: AbortSignal): Promise<Page<Post>> => {
      if (searching) return searchProfilePosts(username, query, cursor, signal);
      if (filter === 'Posts') return fetchPosts({ username, cursor }, signal);
      return fetchUserPostList(username, LISTS[filter], cursor, signal);
    },
    [username, filter, query, searching],
  );
  const list = useCursorList<Post>(`${username}|${filter}|${query}`, load, (err) => console.error(MESSAGES.post.fetchFailed, err));
  const { setItems } = list;
  const removePost = useCallback((id: number) => setItems((items) => items.filter((p) => p.id !== id)), [setItems]);

  // Public profile posts are cut at 200 and expand in place (Show more / Show less).
  const truncateAt = isOwn ? LIMITS.feedTruncate : LIMITS.publicProfileTruncate;
  const expand = isOwn ? 'modal' : 'inline';
  const showAsReplies = filter === 'Replies' && !searching;

  return (
    <PostList
      list={list}
      label={searching ? 'Search results' : filter}
      emptyMessage={emptyMessageFor(filter, searching)}
      renderPost={(post) =>
        showAsReplies ? (
          <ReplyThread reply={post} replyTruncateAt={truncateAt} replyExpand={expand} onDeleted={removePost} />
        ) : (
          <PostCard post={post} truncateAt={truncateAt} expand={expand} onDeleted={removePost} />
        )
      }
    />
  );
}
