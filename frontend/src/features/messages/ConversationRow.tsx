import { Link, useLocation } from 'react-router-dom';
import { DM_MESSAGES as M, type Conversation, type DmMessage } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { conversationTitle, othersOf } from './names';

/** What a list row says of the last message: its text, or what it carries. */
function preview(message: DmMessage): string {
  if (message.deleted) return M.deletedMessage;
  if (message.text) return message.text;
  return message.gif ? M.pushGif : M.pushFile;
}

/** One conversation in the list: avatar(s), names, the last message, its unread count and muted mark. */
export function ConversationRow({ conversation, viewerId, current }: { conversation: Conversation; viewerId: number | null; current: boolean }) {
  const others = othersOf(conversation, viewerId);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  const { search } = useLocation();
  return (
    <Link
      to={`/messages/${conversation.id}${search}`}
      className={`dm-row${unread > 0 ? ' dm-row-unread' : ''}`}
      aria-current={current ? 'page' : undefined}
      data-testid="dm-row"
    >
      <span className={`dm-row-avatars${others.length > 1 ? ' dm-row-avatars-group' : ''}`} aria-hidden="true">
        {others.slice(0, 2).map((m) => (
          <Avatar key={m.id} path={m.thumbnail} size={others.length > 1 ? 32 : 44} />
        ))}
      </span>
      <span className="dm-row-main">
        <span className="dm-row-names">{conversationTitle(conversation, viewerId)}</span>
        {last && (
          <span className="dm-row-preview">
            {last.senderId === viewerId && M.youPrefix}
            {preview(last)}
          </span>
        )}
      </span>
      <span className="dm-row-marks">
        {conversation.muted && <span className="dm-row-muted">{M.mutedLabel}</span>}
        {unread > 0 && (
          <>
            <span className="dm-count" aria-hidden="true">
              {unread}
            </span>
            <span className="visually-hidden">{M.unreadLabel(unread)}</span>
          </>
        )}
      </span>
    </Link>
  );
}
