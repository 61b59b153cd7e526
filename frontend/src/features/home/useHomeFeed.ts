import { MESSAGES, type Post } from '@cloud9/contracts';
import { fetchPosts } from '../../api/posts';
import type { PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { postsKeys, type HomeFeed } from '../../queries/posts';

/** One Home feed (For you or Following, a search, a side-panel feed), keyset-paged. */
export function useHomeFeed(feed: HomeFeed): PagedQuery<Post> {
  return usePagedQuery(postsKeys.feed(feed), (cursor, signal) => fetchPosts({ ...feed, cursor }, signal), MESSAGES.post.fetchFailed);
}
