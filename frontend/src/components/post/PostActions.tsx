import type { ReactNode } from 'react';
import type { Post } from '@cloud9/contracts';

export interface PostActionHandlers {
  onLike: () => void;
  onReply: () => void;
  onRepost: () => void;
}

/** "1 like", "2 likes". */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Like, Reply and Repost with their counts; toggles expose aria-pressed. Names keep one pattern
 * ('Like, 2 likes'; 'Unlike, 1 like') so screen-reader users hear the action and the count.
 */
export function PostActions({ post, onLike, onReply, onRepost, children }: { post: Post; children?: ReactNode } & PostActionHandlers) {
  return (
    <div className="post-actions">
      <button
        type="button"
        className="post-action post-action-reply"
        aria-label={`Reply, ${counted(post.repliesCount, 'reply', 'replies')}`}
        aria-haspopup="dialog"
        onClick={onReply}
      >
        <span aria-hidden="true">💬</span>
        <span aria-hidden="true">{post.repliesCount}</span>
      </button>
      <button
        type="button"
        className="post-action post-action-repost"
        aria-pressed={post.repostedByMe}
        aria-label={`Repost, ${counted(post.repostsCount, 'repost', 'reposts')}`}
        onClick={onRepost}
      >
        <span aria-hidden="true">🔁</span>
        <span aria-hidden="true">{post.repostsCount}</span>
      </button>
      <button
        type="button"
        className="post-action post-action-like"
        aria-pressed={post.likedByMe}
        aria-label={`${post.likedByMe ? 'Unlike' : 'Like'}, ${counted(post.likes, 'like', 'likes')}`}
        onClick={onLike}
      >
        <span aria-hidden="true">{post.likedByMe ? '❤️' : '🤍'}</span>
        <span aria-hidden="true">{post.likes}</span>
      </button>
      {children}
    </div>
  );
}
