import { LIMITS, MESSAGES, type Post } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import type { PagedQuery } from '../../queries/paging';
import type { ProfileFilter } from './queries';
import { ReplyThread } from './ReplyThread';

/** Empty messages: 'No replies yet.', 'No {filter} yet.', and 'No posts found.' for posts and searches. */
function emptyMessageFor(filter: ProfileFilter, searching: boolean): string {
  if (searching || filter === 'Posts') return MESSAGES.empty.noPostsFound;
  if (filter === 'Replies') return MESSAGES.empty.noReplies;
  return MESSAGES.empty.noFilter(filter.toLowerCase());
}

interface ProfilePostsProps {
  /** The list (useProfilePosts), started by the page beside the profile itself. */
  list: PagedQuery<Post>;
  filter: ProfileFilter;
  /** Debounced text of the own-profile search box; non-empty shows search results. */
  query: string;
  isOwn: boolean;
}

/** The list under the profile's filter buttons, infinitely scrolled. */
export function ProfilePosts({ list, filter, query, isOwn }: ProfilePostsProps) {
  const searching = query.length > 0;

  // Public profile posts are cut at 200 and expand in place (Show more / Show less).
  const truncateAt = isOwn ? LIMITS.feedTruncate : LIMITS.publicProfileTruncate;
  const expand = isOwn ? 'modal' : 'inline';
  const showAsReplies = filter === 'Replies' && !searching;

  return (
    <PostList
      query={list}
      label={searching ? 'Search results' : filter}
      emptyMessage={emptyMessageFor(filter, searching)}
      renderPost={(post) =>
        showAsReplies ? (
          <ReplyThread reply={post} replyTruncateAt={truncateAt} replyExpand={expand} />
        ) : (
          <PostCard post={post} truncateAt={truncateAt} expand={expand} />
        )
      }
    />
  );
}
