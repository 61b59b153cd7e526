import type { Post } from '@cloud9/contracts';

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The single post's numbers as text: the page is read-only, so no action buttons carry them. */
export function PostCounts({ post }: { post: Post }) {
  return (
    <ul className="post-page-counts" aria-label="Post counts">
      <li>{counted(post.likes, 'like', 'likes')}</li>
      <li>{counted(post.repostsCount, 'repost', 'reposts')}</li>
      <li>{counted(post.repliesCount, 'reply', 'replies')}</li>
    </ul>
  );
}
