import { useParams } from 'react-router-dom';
import { DM_MESSAGES as M } from '@cloud9/contracts';
import { selectUserId, useSessionStore } from '../../stores/session';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import './messages.css';

/**
 * Direct messages: /messages is the conversation list; /messages/:id is one conversation, beside
 * the list on wider screens and a full-screen page of its own on phones (messages.css).
 */
export function MessagesPage() {
  const { id } = useParams();
  const viewerId = useSessionStore(selectUserId);
  const conversationId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <div className={`dm${conversationId === null ? '' : ' dm-open'}`}>
      <ConversationList currentId={conversationId} />
      {conversationId === null ? (
        <div className="dm-placeholder">
          <p>{M.pickConversation}</p>
        </div>
      ) : (
        <ConversationView key={conversationId} id={conversationId} viewerId={viewerId} />
      )}
    </div>
  );
}
