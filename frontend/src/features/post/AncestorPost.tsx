import { Link } from 'react-router-dom';
import { LIMITS, type Post } from '@cloud9/contracts';
import { PostText } from '../../components/post/PostText';
import { PostTime } from '../../components/post/PostTime';

/** A post above the one the page is about: author, time (its own page's link) and its text, cut short. */
export function AncestorPost({ post }: { post: Post }) {
  const name = post.postUser?.name || post.name || post.username;
  return (
    <article className="thread-ancestor" aria-label={`Post by ${name}`}>
      <p className="thread-ancestor-head">
        <Link to={`/profile/${encodeURIComponent(post.username)}`} className="thread-ancestor-author">
          {name} <span className="post-card-handle">@{post.username}</span>
        </Link>
        <span aria-hidden="true"> · </span>
        <PostTime iso={post.createdAt} postId={post.id} />
      </p>
      <PostText content={post.content} max={LIMITS.replyQuoteTruncate} mode="inline" />
    </article>
  );
}
