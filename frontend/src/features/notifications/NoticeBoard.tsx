import { useState } from 'react';
import { MESSAGES, canManageNotice, canPostNotice, type SystemNotice } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { PagedList } from '../../components/ui/PagedList';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { NoticeCard } from './NoticeCard';
import { NoticeComposer } from './NoticeComposer';
import { useDeleteNotice, useNotices } from './queries';

/** 'System Notices': the staff composer (groups 1–4), then the notices; pushed ones join the top of the cached list. */
export function NoticeBoard({ query }: { query: string }) {
  const currentUser = useSessionStore(selectCurrentUser);
  const notices = useNotices(query);
  const deletion = useDeleteNotice();
  const [editing, setEditing] = useState<SystemNotice | null>(null);
  const deletingId = deletion.isPending ? deletion.variables : null;

  // A notice deleted elsewhere leaves the cached lists; it cannot stay in the editor either.
  useRealtimeEvent('notice:deleted', ({ id }) => setEditing((current) => (current?.id === id ? null : current)));

  const onDelete = async (notice: SystemNotice) => {
    if (!(await confirmAction({ message: MESSAGES.notices.confirmDelete, confirmLabel: 'Delete' }))) return;
    try {
      await deletion.mutateAsync(notice.id);
      if (editing?.id === notice.id) setEditing(null);
      notify(MESSAGES.notices.deleted, 'success');
    } catch (err) {
      console.error('Deleting the notice failed', err);
      const unauthorized = err instanceof ApiRequestError && err.status === 401;
      notify(unauthorized ? MESSAGES.notices.unauthorized : MESSAGES.notices.couldNotDelete, 'error');
    }
  };

  return (
    <>
      {canPostNotice(currentUser) && (
        <NoticeComposer key={editing?.id ?? 'new'} editing={editing} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
      )}
      <PagedList
        className="notice-list"
        query={notices}
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
        placeholder={<NoticeCardBones />}
      />
    </>
  );
}
