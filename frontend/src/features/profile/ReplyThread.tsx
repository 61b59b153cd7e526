import { LIMITS, MESSAGES, type Post } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';

interface ReplyThreadProps {
  reply: Post;
  replyTruncateAt: number;
  replyExpand: 'modal' | 'inline';
}

/**
 * A reply on a profile: the original post (cut at 300, Show more opens it) above the reply, joined by
 * a line; in its place a note when it is gone, or unavailable (its author is one the viewer does not see).
 */
export function ReplyThread({ reply, replyTruncateAt, replyExpand }: ReplyThreadProps) {
  return (
    <div className="reply-thread">
      {reply.originalPost ? (
        <div className="reply-thread-original">
          <PostCard post={reply.originalPost} truncateAt={LIMITS.originalInReplyTruncate} expand="modal" />
        </div>
      ) : (
        <p className="reply-thread-missing hint">{reply.originalHidden ? MESSAGES.thread.unavailable : 'The original post is no longer available.'}</p>
      )}
      <div className="reply-thread-line" aria-hidden="true" />
      <PostCard post={reply} truncateAt={replyTruncateAt} expand={replyExpand} />
    </div>
  );
}
