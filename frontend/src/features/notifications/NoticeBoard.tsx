import { useCallback, useState } from 'react';
import { MESSAGES, canManageNotice, canPostNotice, type SystemNotice } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { deleteNotice, fetchNotices, searchNotices } from '../../api/notifications';
import { notify } from '../../components/notify';
import { useCursorList } from '../../hooks/useCursorList';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { useNotificationsStore } from '../../stores/notifications';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { NoticeCard } from './NoticeCard';
import { NoticeComposer } from './NoticeComposer';
import { PagedList } from '../../components/ui/PagedList';
import { mergeLive } from './mergeLive';

/** Spec §5 Delete confirmations (system message). Shared message to add: MESSAGES.notices.confirmDelete. */
export const CONFIRM_DELETE_NOTICE = 'Are you sure you want to delete this system message?';

const logFailure = (err: unknown) => console.error('Loading system notices failed', err);
const selectRecentNotices = (s: ReturnType<typeof useNotificationsStore.getState>) => s.recentNotices;

/** 'System Notices': the staff composer (groups 1–4), then the notices, pushed ones on top. */
export function NoticeBoard({ query }: { query: string }) {
  const currentUser = useSessionStore(selectCurrentUser);
  const load = useCallback(
    (cursor: string | null, signal: AbortSignal) => (query ? searchNotices(query, cursor, signal) : fetchNotices(cursor, signal)),
    [query],
  );
  const list = useCursorList<SystemNotice>(query, load, logFailure);
  const { setItems } = list;
  const recent = useNotificationsStore(selectRecentNotices);
  const [editing, setEditing] = useState<SystemNotice | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const replace = useCallback((notice: SystemNotice) => setItems((items) => items.map((n) => (n.id === notice.id ? notice : n))), [setItems]);
  const remove = useCallback((id: number) => setItems((items) => items.filter((n) => n.id !== id)), [setItems]);
  useRealtimeEvent('notice:updated', replace);
  useRealtimeEvent('notice:deleted', ({ id }) => {
    remove(id);
    setEditing((current) => (current?.id === id ? null : current));
  });

  const onSaved = (notice: SystemNotice, wasEdit: boolean) => {
    if (wasEdit) {
      replace(notice);
      useNotificationsStore.getState().noticeUpdated(notice);
      setEditing(null);
    } else if (!query) {
      setItems((items) => [notice, ...items.filter((n) => n.id !== notice.id)]);
    }
  };

  const onDelete = async (notice: SystemNotice) => {
    if (!window.confirm(CONFIRM_DELETE_NOTICE)) return;
    setDeletingId(notice.id);
    try {
      await deleteNotice(notice.id);
      remove(notice.id);
      useNotificationsStore.getState().noticeRemoved(notice.id);
      if (editing?.id === notice.id) setEditing(null);
      notify(MESSAGES.notices.deleted, 'success');
    } catch (err) {
      console.error('Deleting the notice failed', err);
      const unauthorized = err instanceof ApiRequestError && err.status === 401;
      notify(unauthorized ? MESSAGES.notices.unauthorized : MESSAGES.notices.couldNotDelete, 'error');
    } finally {
      setDeletingId(null);
    }
  };

  const items = query ? list.items : mergeLive(recent, list.items);
  return (
    <>
      {canPostNotice(currentUser) && (
        <NoticeComposer key={editing?.id ?? 'new'} editing={editing} onSaved={onSaved} onCancel={() => setEditing(null)} />
      )}
      <PagedList
        className="notice-list"
        list={list}
        items={items}
        label="Notices"
        emptyMessage={query ? MESSAGES.empty.noResults : MESSAGES.empty.noSystemNotices}
        renderItem={(notice) => (
          <NoticeCard
            notice={notice}
            canManage={canManageNotice(currentUser, notice.user_id)}
            deleting={deletingId === notice.id}
            onEdit={setEditing}
            onDelete={onDelete}
          />
        )}
      />
    </>
  );
}
