import type { Post } from '@cloud9/contracts';

export interface PostActionHandlers {
  onLike: () => void;
  onReply: () => void;
  onRepost: () => void;
}

/**
 * Like, Reply and Repost with their counts; toggles expose aria-pressed. Names keep one fixed
 * pattern ('Like, N likes') so tests and screen-reader users can rely on it.
 */
export function PostActions({ post, onLike, onReply, onRepost }: { post: Post } & PostActionHandlers) {
  return (
    <div className="post-actions">
      <button
        type="button"
        className="post-action post-action-reply"
        aria-label={`Reply, ${post.repliesCount} replies`}
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
        aria-label={`Repost, ${post.repostsCount} reposts`}
        onClick={onRepost}
      >
        <span aria-hidden="true">🔁</span>
        <span aria-hidden="true">{post.repostsCount}</span>
      </button>
      <button
        type="button"
        className="post-action post-action-like"
        aria-pressed={post.likedByMe}
        aria-label={`${post.likedByMe ? 'Unlike' : 'Like'}, ${post.likes} likes`}
        onClick={onLike}
      >
        <span aria-hidden="true">{post.likedByMe ? '❤️' : '🤍'}</span>
        <span aria-hidden="true">{post.likes}</span>
      </button>
    </div>
  );
}
