import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DM_MESSAGES as M, type Conversation } from '@cloud9/contracts';
import { ApiRequestError, errorMessage } from '../../api/client';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Skeleton } from '../../components/skeletons/Skeleton';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { ActionMenu, type MenuEntry } from '../../components/ui/ActionMenu';
import { Avatar } from '../../components/ui/Avatar';
import { EmptyState } from '../../components/ui/EmptyState';
import { DmComposer } from './DmComposer';
import { MemberPicker } from './MemberPicker';
import { MessageList } from './MessageList';
import { conversationTitle, displayName, othersOf } from './names';
import { useAddMembers, useConversation, useConversationActions, useMessages } from './queries';
import { useTypingMembers } from './useTyping';

function BackLink() {
  const { search } = useLocation();
  return (
    <Link to={`/messages${search}`} className="dm-back" aria-label={M.back}>
      <span aria-hidden="true">←</span>
    </Link>
  );
}

/** Mute or unmute, leave (a group) or delete (for oneself), add members (the group's creator). */
function ConversationMenu({ conversation, viewerId, onAddMembers }: { conversation: Conversation; viewerId: number | null; onAddMembers: () => void }) {
  const navigate = useNavigate();
  const { mute, leave } = useConversationActions(conversation.id);
  const failed = (err: unknown) => notify(errorMessage(err, M.actionFailed), 'error');
  const leaveLabel = conversation.isGroup ? M.leave : M.deleteConversation;
  const goAway = () =>
    void confirmAction({ message: conversation.isGroup ? M.confirmLeave : M.confirmDelete, confirmLabel: leaveLabel, cancelLabel: M.cancel }).then(
      (yes) => yes && leave.mutate(undefined, { onSuccess: () => void navigate('/messages'), onError: failed }),
    );
  const entries = (): MenuEntry[] => [
    conversation.muted
      ? { label: M.unmute, onSelect: () => mute.mutate(false, { onError: failed }) }
      : { label: M.mute, onSelect: () => mute.mutate(true, { onError: failed }) },
    ...(conversation.isGroup && conversation.creatorId === viewerId ? [{ label: M.addMembers, onSelect: onAddMembers }] : []),
    { label: leaveLabel, onSelect: goAway, danger: true },
  ];
  return <ActionMenu label={M.conversationOptions} className="dm-conversation-menu" entries={entries} />;
}

/** A request: who wants to write, and Accept or Delete. */
function RequestBanner({ conversation, viewerId }: { conversation: Conversation; viewerId: number | null }) {
  const navigate = useNavigate();
  const { accept, leave } = useConversationActions(conversation.id);
  const failed = (err: unknown) => notify(errorMessage(err, M.actionFailed), 'error');
  const creator = conversation.members.find((m) => m.id === conversation.creatorId) ?? othersOf(conversation, viewerId)[0];
  return (
    <div className="dm-request" role="region" aria-label={M.requests}>
      <p>{M.requestNotice(creator ? displayName(creator) : '')}</p>
      <div className="dm-request-actions">
        <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => accept.mutate(undefined, { onError: failed })}>
          {M.accept}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={leave.isPending}
          onClick={() => leave.mutate(undefined, { onSuccess: () => void navigate('/messages'), onError: failed })}
        >
          {M.deleteRequest}
        </button>
      </div>
    </div>
  );
}

/**
 * One conversation: its members and menu, a request's banner, the messages (oldest at the top), who
 * is typing and the composer at the bottom. Its names are the page's h1.
 */
export function ConversationView({ id, viewerId }: { id: number; viewerId: number | null }) {
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const typing = useTypingMembers(id, viewerId);
  const [adding, setAdding] = useState(false);
  const addMembers = useAddMembers(id);

  if (!conversation.data) {
    if (conversation.isError) {
      const notFound = conversation.error instanceof ApiRequestError && conversation.error.status === 404;
      return (
        <section className="dm-conversation" aria-labelledby="dm-conversation-title">
          <header className="dm-conversation-header">
            <BackLink />
            <h1 id="dm-conversation-title" className="dm-title">
              {M.title}
            </h1>
          </header>
          <EmptyState message={notFound ? M.conversationNotFound : M.conversationFailed}>
            {!notFound && (
              <button type="button" className="btn btn-primary" onClick={() => void conversation.refetch()}>
                {M.tryAgain}
              </button>
            )}
          </EmptyState>
        </section>
      );
    }
    return (
      <section className="dm-conversation" aria-busy="true">
        <Skeleton label={M.loading}>
          <NoticeCardBones count={4} />
        </Skeleton>
      </section>
    );
  }

  const c = conversation.data;
  const title = conversationTitle(c, viewerId);
  const others = othersOf(c, viewerId);
  const typingNames = typing.map((userId) => c.members.find((m) => m.id === userId)).filter((m) => m !== undefined).map(displayName);

  return (
    <section className="dm-conversation" aria-labelledby="dm-conversation-title">
      <header className="dm-conversation-header">
        <BackLink />
        <span className="dm-row-avatars" aria-hidden="true">
          {others.slice(0, 2).map((m) => (
            <Avatar key={m.id} path={m.thumbnail} size={36} />
          ))}
        </span>
        <div className="dm-conversation-names">
          <h1 id="dm-conversation-title" className="dm-title">
            {title}
          </h1>
          {!c.isGroup && others[0] && (
            <Link to={`/profile/${others[0].username}`} className="dm-handle">
              @{others[0].username}
            </Link>
          )}
          {c.muted && <span className="dm-row-muted">{M.mutedLabel}</span>}
        </div>
        <ConversationMenu conversation={c} viewerId={viewerId} onAddMembers={() => setAdding(true)} />
      </header>
      {!c.accepted && <RequestBanner conversation={c} viewerId={viewerId} />}
      <MessageList conversation={c} query={messages} viewerId={viewerId} title={title} />
      <p className="dm-typing" aria-live="polite">
        {typingNames.length > 0 ? M.typing(typingNames.join(', ')) : ''}
      </p>
      <DmComposer conversationId={id} />
      {adding && (
        <MemberPicker
          title={M.addMembers}
          submitLabel={M.addMembers}
          exclude={c.members.map((m) => m.id)}
          busy={addMembers.isPending}
          error={addMembers.isError ? errorMessage(addMembers.error, M.actionFailed) : null}
          onSubmit={(ids) => addMembers.mutate(ids, { onSuccess: () => setAdding(false) })}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}
