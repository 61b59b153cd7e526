import { Link } from 'react-router-dom';
import { API_BASE } from '../../api/early';
import { isVideoUrl, MODERATION_QUEUE_TEXT as T, resolveImageUrl, type ModerationAccount, type ReportedMessage, type ReportedPost } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { PostTime } from '../../components/post/PostTime';

const mediaSrc = (path: string) => resolveImageUrl(path, API_BASE, '');

/** An account as the queue shows it: picture, name, handle (a link to the profile) and any running suspension. */
export function AccountLine({ account }: { account: ModerationAccount }) {
  return (
    <span className="mod-account">
      <Avatar path={account.thumbnail} size={32} />
      <span className="mod-account-names">
        {account.name?.trim() && <span className="mod-account-name">{account.name}</span>}
        <Link to={`/profile/${encodeURIComponent(account.username)}`} className="mod-account-handle">
          @{account.username}
        </Link>
      </span>
      {account.suspendedUntil && <span className="badge mod-suspended">{T.suspendedUntil(account.suspendedUntil)}</span>}
    </span>
  );
}

/** A reported post: its text whole (staff judge the words), its image, GIF or video, and its age. */
export function ReportedPostView({ post }: { post: ReportedPost }) {
  return (
    <div className="mod-post">
      {post.content && <p className="mod-post-text">{post.content}</p>}
      {post.media_url &&
        (isVideoUrl(post.media_url) ? (
          <video className="mod-post-media" src={mediaSrc(post.media_url)} controls preload="metadata" aria-label="Video of the reported post" />
        ) : (
          <img className="mod-post-media" src={mediaSrc(post.media_url)} alt="Image of the reported post" loading="lazy" />
        ))}
      {post.gif_url && <img className="mod-post-media" src={post.gif_url} alt="GIF of the reported post" loading="lazy" />}
      <span className="mod-post-meta">
        Posted <PostTime iso={post.createdAt} postId={post.id} />
      </span>
    </div>
  );
}

/**
 * A message report's copy: the reported message (last, marked) and the ones before it, as the
 * reporter saw them. Staff see only this, never the conversation.
 */
export function ReportedMessagesView({ messages, reportedId }: { messages: ReportedMessage[]; reportedId: number }) {
  return (
    <ol className="mod-messages" aria-label={T.messageContext}>
      {messages.map((m) => (
        <li key={m.id} className={m.id === reportedId ? 'mod-message mod-message-reported' : 'mod-message'}>
          <span className="mod-message-sender">@{m.senderUsername}</span>
          {m.id === reportedId && <span className="badge mod-reason">{T.reportedMessageLabel}</span>}
          {m.text && <p className="mod-post-text">{m.text}</p>}
          {m.mediaUrl &&
            (isVideoUrl(m.mediaUrl) ? (
              <video className="mod-post-media" src={mediaSrc(m.mediaUrl)} controls preload="metadata" aria-label={`Video sent by @${m.senderUsername}`} />
            ) : (
              <img className="mod-post-media" src={mediaSrc(m.mediaUrl)} alt={`Image sent by @${m.senderUsername}`} loading="lazy" />
            ))}
          {m.gif && <img className="mod-post-media" src={m.gif} alt={`GIF sent by @${m.senderUsername}`} loading="lazy" />}
          <span className="mod-post-meta">
            <PostTime iso={m.createdAt} />
          </span>
        </li>
      ))}
    </ol>
  );
}
