import { useCallback } from 'react';
import { MESSAGES, type UserAlert } from '@cloud9/contracts';
import { fetchUserAlerts } from '../../api/notifications';
import { useCursorList } from '../../hooks/useCursorList';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { useNotificationsStore } from '../../stores/notifications';
import { AlertRow } from './AlertRow';
import { PagedList } from '../../components/ui/PagedList';
import { mergeLive } from './mergeLive';

const logFailure = (err: unknown) => console.error('Loading notifications failed', err);
const selectRecentAlerts = (s: ReturnType<typeof useNotificationsStore.getState>) => s.recentAlerts;

/** 'My Notifications': the user's alerts (filtered by `query` on the server), pushed ones on top. */
export function AlertList({ userId, query }: { userId: number; query: string }) {
  const load = useCallback((cursor: string | null, signal: AbortSignal) => fetchUserAlerts(userId, query, cursor, signal), [userId, query]);
  const list = useCursorList<UserAlert>(`${userId}|${query}`, load, logFailure);
  const { setItems, refresh } = list;
  const recent = useNotificationsStore(selectRecentAlerts);

  useRealtimeEvent('alert:removed', ({ id }) => setItems((items) => items.filter((a) => a.id !== id)));
  // Alerts whose push was lost: page 0 again, quietly.
  useRealtimeEvent('alert:sync', () => refresh());

  // While searching, only the server's matches are shown.
  const items = query ? list.items : mergeLive(recent, list.items);
  return (
    <PagedList
      className="notice-list"
      list={list}
      items={items}
      label="Alerts"
      emptyMessage={query ? MESSAGES.empty.noResults : MESSAGES.empty.noAlerts}
      renderItem={(alert) => <AlertRow alert={alert} />}
    />
  );
}
