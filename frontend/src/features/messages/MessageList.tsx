import { useDeferredValue, useLayoutEffect, useRef } from 'react';
import { DM_MESSAGES as M, type Conversation, type DmMessage } from '@cloud9/contracts';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { Skeleton } from '../../components/skeletons/Skeleton';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { pageItems, type PagedQuery } from '../../queries/paging';
import { MessageItem } from './MessageItem';
import { displayName } from './names';
import { useMarkReadWhenSeen } from './useMarkRead';

/** Near enough to the end that a new message scrolls into view. */
const NEAR_END_PX = 120;

/** The last of one's own messages that another member has read up to (their read mark), if any. */
function seenMessageId(messages: DmMessage[], conversation: Conversation, viewerId: number | null): number | null {
  const readUpTo = Math.max(0, ...conversation.reads.filter((r) => r.userId !== viewerId).map((r) => r.messageId));
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.senderId === viewerId && m.id <= readUpTo) return m.id;
  }
  return null;
}

interface MessageListProps {
  conversation: Conversation;
  query: PagedQuery<DmMessage>;
  viewerId: number | null;
  title: string;
}

/**
 * The messages, oldest at the top (the API pages newest first; "Load older messages" reads on
 * upwards), a live log for screen readers. It stays at the end as messages arrive while the reader
 * is there, and keeps its place when older ones are put above.
 */
export function MessageList({ conversation, query, viewerId, title }: MessageListProps) {
  const data = useDeferredValue(query.data);
  const messages = pageItems(data).slice().reverse();
  const newest = messages.at(-1);
  const scroller = useRef<HTMLDivElement>(null);
  const newestNode = useRef<HTMLLIElement>(null);
  const lastNewest = useRef<number | null>(null);
  const atEnd = useRef(true);
  const heightBefore = useRef(0);
  useMarkReadWhenSeen(conversation.id, newest, newestNode, viewerId, conversation.accepted);

  // A new newest message (or the first draw) scrolls to the end if the reader was there; older pages keep the place.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const newestId = newest?.id ?? null;
    if (newestId !== lastNewest.current) {
      if (atEnd.current || lastNewest.current === null) node.scrollTop = node.scrollHeight;
    } else if (heightBefore.current && node.scrollHeight > heightBefore.current) {
      node.scrollTop += node.scrollHeight - heightBefore.current;
    }
    lastNewest.current = newestId;
    heightBefore.current = node.scrollHeight;
  }, [newest?.id, messages.length]);

  const names = new Map(conversation.members.map((m) => [m.id, displayName(m)]));
  const seenId = seenMessageId(messages, conversation, viewerId);

  let body;
  if (!data) {
    body = query.isError ? (
      <EmptyState message={M.loadFailed}>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {M.tryAgain}
        </button>
      </EmptyState>
    ) : (
      <Skeleton label={M.loading}>
        <NoticeCardBones count={4} />
      </Skeleton>
    );
  } else if (messages.length === 0) {
    body = <EmptyState message={M.emptyConversation} />;
  } else {
    body = (
      <>
        {query.hasNextPage && (
          <p className="dm-older">
            <button type="button" className="btn btn-ghost" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {M.loadOlder}
            </button>
          </p>
        )}
        {query.isFetchingNextPage && <Spinner label={M.loading} />}
        {query.isFetchNextPageError && <p className="dm-error" role="alert">{M.loadFailed}</p>}
        <ol className="dm-messages">
          {messages.map((m) => (
            <li key={m.id} ref={m === newest ? newestNode : undefined}>
              <MessageItem
                message={m}
                conversationId={conversation.id}
                own={m.senderId === viewerId}
                senderName={names.get(m.senderId) ?? ''}
                showSender={conversation.isGroup}
                seen={m.id === seenId}
              />
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={scroller}
      className="dm-log"
      role="log"
      aria-live="polite"
      aria-label={M.messagesWith(title)}
      tabIndex={0}
      onScroll={(e) => {
        const node = e.currentTarget;
        atEnd.current = node.scrollHeight - node.scrollTop - node.clientHeight < NEAR_END_PX;
      }}
    >
      {body}
    </div>
  );
}
