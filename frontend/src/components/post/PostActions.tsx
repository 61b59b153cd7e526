import type { ReactNode } from 'react';
import type { Post } from '@cloud9/contracts';
import { sharePost } from './sharePost';

export interface PostActionHandlers {
  onLike: () => void;
  onReply: () => void;
  onRepost: () => void;
  onBookmark: () => void;
}

/** Outline when off, filled when on; the button's aria-pressed says which to screen readers. */
function BookmarkIcon({ on }: { on: boolean }) {
  return (
    <svg className="post-action-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h12v18l-6-4.2L6 21z" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg className="post-action-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** "1 like", "2 likes". */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Like, Reply and Repost with their counts, then Bookmark and Share; toggles expose aria-pressed.
 * Counted names keep one pattern ('Like, 2 likes'; 'Unlike, 1 like') so screen-reader users hear
 * the action and the count. Bookmark has no count (bookmarks are private) and one name, its state
 * in aria-pressed.
 */
export function PostActions({ post, onLike, onReply, onRepost, onBookmark, children }: { post: Post; children?: ReactNode } & PostActionHandlers) {
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
      <button type="button" className="post-action post-action-bookmark" aria-pressed={post.bookmarked} aria-label="Bookmark" onClick={onBookmark}>
        <BookmarkIcon on={post.bookmarked} />
      </button>
      <button type="button" className="post-action post-action-share" aria-label="Share" onClick={() => void sharePost(post)}>
        <ShareIcon />
      </button>
      {children}
    </div>
  );
}
