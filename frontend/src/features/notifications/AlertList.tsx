import { MESSAGES } from '@cloud9/contracts';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { PagedList } from '../../components/ui/PagedList';
import { AlertRow } from './AlertRow';
import { useAlerts } from './queries';

/** 'My Notifications': the user's alerts (filtered by `query` on the server); pushed ones join the top of the cached list. */
export function AlertList({ userId, query }: { userId: number; query: string }) {
  const alerts = useAlerts(userId, query);
  return (
    <PagedList
      className="notice-list"
      query={alerts}
      label="Alerts"
      emptyMessage={query ? MESSAGES.empty.noResults : MESSAGES.empty.noAlerts}
      renderItem={(alert) => <AlertRow alert={alert} />}
      placeholder={<NoticeCardBones />}
    />
  );
}
