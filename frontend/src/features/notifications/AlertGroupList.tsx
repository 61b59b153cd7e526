import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloud9/contracts';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { PagedList } from '../../components/ui/PagedList';
import { refreshAlertGroups } from '../../queries/notifications';
import { useNotificationsStore } from '../../stores/notifications';
import { AlertGroupRow } from './AlertGroupRow';
import { useAlertGroups, type AlertFilter } from './queries';

/** The user's alerts in groups (all, or mentions only), newest group first, paged as the reader scrolls. */
export function AlertGroupList({ userId, filter }: { userId: number; filter: AlertFilter }) {
  const groups = useAlertGroups(userId, filter);
  const queryClient = useQueryClient();
  const latestAlert = useNotificationsStore((s) => s.latestUserAlert);
  const newestShown = groups.data?.pages[0]?.items[0]?.latestAt;

  // The status can learn of an alert whose push never came (a socket that connected just after
  // it): when it names one newer than the whole list shows, the list is read again (once: the
  // fresh list shows it). The Mentions list cannot tell, its newest may rightly be older.
  useEffect(() => {
    if (filter !== 'all' || !latestAlert || !newestShown) return;
    if (Date.parse(latestAlert) > Date.parse(newestShown)) void refreshAlertGroups(queryClient);
  }, [filter, latestAlert, newestShown, queryClient]);

  return (
    <PagedList
      className="notice-list"
      query={groups}
      label={filter === 'mention' ? 'Mentions' : 'Alerts'}
      emptyMessage={filter === 'mention' ? MESSAGES.alertGroups.noMentions : MESSAGES.empty.noAlerts}
      errorMessage={MESSAGES.alertGroups.loadFailed}
      renderItem={(group) => <AlertGroupRow group={group} />}
      placeholder={<NoticeCardBones />}
    />
  );
}
