import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@cloud9/contracts';
import { Avatar } from '../ui/Avatar';
import { PostActions, type PostActionHandlers } from './PostActions';
import { PostMedia } from './PostMedia';
import { PostTime } from './PostTime';

interface PostViewProps {
  post: Post;
  /** The text block (cut or whole). */
  text: ReactNode;
  /** Absent: read-only, no action buttons. */
  actions?: PostActionHandlers;
  /** The '⋯' menu, when allowed. */
  menu?: ReactNode;
  /** More actions after Like (the Boost button on one's own post). */
  extraActions?: ReactNode;
  onShowHistory?: () => void;
  className?: string;
}

/** How a post looks: author, time, badges, text, media, actions. State lives in PostCard. */
export function PostView({ post, text, actions, menu, extraActions, onShowHistory, className }: PostViewProps) {
  const displayName = post.postUser?.name || post.name || post.realname || post.username;
  const profile = `/profile/${encodeURIComponent(post.username)}`;
  return (
    <article className={`post-card${post.isAdminBoosted || post.isBoosted ? ' post-card-boosted' : ''}${className ? ` ${className}` : ''}`} aria-label={`Post by ${displayName}`}>
      <Link to={profile} className="post-card-avatar" tabIndex={-1} aria-hidden="true">
        <Avatar path={post.postUser?.thumbnail ?? post.thumbnail} media={post.thumbnailMedia} size={46} />
      </Link>
      <div className="post-card-main">
        <header className="post-card-head">
          <Link to={profile} className="post-card-author">
            <span className="post-card-name">{displayName}</span> <span className="post-card-handle">@{post.username}</span>
          </Link>
          <span className="post-card-dot" aria-hidden="true">
            ·
          </span>
          <PostTime iso={post.createdAt} postId={post.id} />
          {post.editedAt &&
            (onShowHistory ? (
              <button type="button" className="post-edited" aria-haspopup="dialog" onClick={onShowHistory}>
                edited
              </button>
            ) : (
              <span className="post-edited">edited</span>
            ))}
          {post.isAdminBoosted ? (
            <span className="badge badge-gold post-badge">🏆 Featured</span>
          ) : post.isBoosted ? (
            <span className="badge badge-gold post-badge">🚀 Boosted</span>
          ) : null}
          {post.category && post.category !== 'General' && <span className="badge post-badge">#{post.category}</span>}
          {menu}
        </header>
        {text}
        <PostMedia post={post} />
        {actions && (
          <PostActions post={post} {...actions}>
            {extraActions}
          </PostActions>
        )}
      </div>
    </article>
  );
}
