import { MESSAGES, type Post } from '@cloud9/contracts';
import { fetchPosts } from '../../api/posts';
import type { PagedQuery } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { usePagedQuery } from '../../queries/usePagedQuery';

/** The posts and replies carrying `tag` (normalised), newest first, keyset-paged. */
export function useTagFeed(tag: string): PagedQuery<Post> {
  return usePagedQuery(postsKeys.tag(tag), (cursor, signal) => fetchPosts({ tag, cursor }, signal), MESSAGES.tagFeed.failed);
}
