import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloud9/contracts';
import { markNotificationsSeen } from '../../api/notifications';
import { notify } from '../../components/notify';
import { markGroupsRead, refreshAlertGroups } from '../../queries/notifications';
import { useNotificationsStore } from '../../stores/notifications';
import { AlertGroupList } from './AlertGroupList';
import type { AlertFilter } from './queries';

const FILTERS: { id: AlertFilter; label: string }[] = [
  { id: 'all', label: MESSAGES.alertGroups.all },
  { id: 'mention', label: MESSAGES.alertGroups.mentions },
];

/**
 * 'My Notifications' without a search: All or Mentions (a segmented control), "Mark all as read"
 * and the grouped list. Reading the tab marks nothing; the button moves the seen time, which clears
 * the unread tint and the dots.
 */
export function MyAlerts({ userId }: { userId: number }) {
  const [filter, setFilter] = useState<AlertFilter>('all');
  const [marking, setMarking] = useState(false);
  const queryClient = useQueryClient();
  const applyStatus = useNotificationsStore((s) => s.applyStatus);

  const markAllRead = async () => {
    setMarking(true);
    markGroupsRead(queryClient);
    try {
      applyStatus(await markNotificationsSeen('alerts'));
    } catch {
      notify(MESSAGES.alertGroups.markAllReadFailed, 'error');
    } finally {
      setMarking(false);
      // The server's word on every group: read, or unread again when the request failed.
      void refreshAlertGroups(queryClient);
    }
  };

  return (
    <>
      <div className="alert-toolbar">
        <div className="segmented" role="group" aria-label={MESSAGES.alertGroups.filterLabel}>
          {FILTERS.map(({ id, label }) => (
            <button key={id} type="button" className="segmented-option" aria-pressed={filter === id} onClick={() => setFilter(id)}>
              {label}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-ghost" onClick={() => void markAllRead()} disabled={marking}>
          {MESSAGES.alertGroups.markAllRead}
        </button>
      </div>
      <AlertGroupList userId={userId} filter={filter} />
    </>
  );
}
