import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DM_MESSAGES as M, LIMITS, type Conversation } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import type { ConversationFilter } from '../../api/directMessages';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { PagedList } from '../../components/ui/PagedList';
import { SearchBox } from '../../components/ui/SearchBox';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useDmUnread } from '../../queries/directMessages';
import { selectUserId, useSessionStore } from '../../stores/session';
import { ConversationRow } from './ConversationRow';
import { MemberPicker } from './MemberPicker';
import { useConversations, useStartConversation } from './queries';

/**
 * A tab's waiting count after its label, drawn by CSS from an attribute (the tab's visible text stays
 * its label, which its name starts with); its name says it ("Requests, 2 unread").
 */
const withCount = (label: string, count: number) =>
  count > 0 ? { label, badge: <span className="dm-count dm-count-drawn" data-count={count} />, ariaLabel: `${label}, ${M.unreadLabel(count)}` } : { label };

/**
 * The conversations: Inbox and Requests, newest first, a search by member and New message. The
 * title is the page's h1 unless a conversation is open beside it (its names are the h1 then).
 */
export function ConversationList({ currentId }: { currentId: number | null }) {
  const viewerId = useSessionStore(selectUserId);
  const navigate = useNavigate();
  // The tab and the search are in the address, so they stay as a conversation opens beside the list (or goes back to it).
  const [params, setParams] = useSearchParams();
  const filter: ConversationFilter = params.get('filter') === 'requests' ? 'requests' : 'inbox';
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  useEffect(() => {
    if ((params.get('q') ?? '') === query) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [query, params, setParams]);
  const setFilter = (next: ConversationFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'requests') updated.set('filter', next);
        else updated.delete('filter');
        return updated;
      },
      { replace: true },
    );
  const list = useConversations(filter, query);
  const unread = useDmUnread().data;
  const [picking, setPicking] = useState(false);
  const start = useStartConversation();
  const Title = currentId === null ? 'h1' : 'h2';

  const tabs: TabItem<ConversationFilter>[] = [
    { id: 'inbox', ...withCount(M.inbox, unread?.unread ?? 0) },
    { id: 'requests', ...withCount(M.requests, unread?.requests ?? 0) },
  ];

  const startWith = (ids: number[]) =>
    start.mutate(ids, {
      onSuccess: ({ id }) => {
        setPicking(false);
        void navigate(`/messages/${id}${params.size > 0 ? `?${params.toString()}` : ''}`);
      },
    });

  const empty = query ? M.noResults : filter === 'inbox' ? M.emptyInbox : M.emptyRequests;

  return (
    <div className="dm-list-pane">
      <Tabs
        label={M.title}
        items={tabs}
        selected={filter}
        onSelect={setFilter}
        panelClassName="dm-list-body"
        header={(tabList) => (
          <div className="page-header dm-list-header">
            <div className="dm-list-title-row">
              <Title id="messages-title" className="dm-title">
                {M.title}
              </Title>
              <button type="button" className="btn btn-primary dm-new" aria-haspopup="dialog" onClick={() => setPicking(true)}>
                {M.newMessage}
              </button>
            </div>
            <SearchBox label={M.searchMembers} placeholder={M.searchMembers} value={search} onChange={setSearch} />
            {tabList}
          </div>
        )}
      >
        <PagedList<Conversation>
          key={`${filter}:${query}`}
          query={list}
          label={filter === 'inbox' ? M.inbox : M.requests}
          className="dm-rows"
          emptyMessage={empty}
          errorMessage={M.conversationsFailed}
          loadingLabel={M.loadingConversations}
          placeholder={<NoticeCardBones count={5} />}
          renderItem={(c) => <ConversationRow conversation={c} viewerId={viewerId} current={c.id === currentId} />}
        />
      </Tabs>
      {picking && (
        <MemberPicker
          title={M.newMessage}
          submitLabel={M.start}
          exclude={viewerId === null ? [] : [viewerId]}
          busy={start.isPending}
          error={start.isError ? errorMessage(start.error, M.actionFailed) : null}
          onSubmit={startWith}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
