import { MESSAGES } from '@cloud9/contracts';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { PagedList } from '../../components/ui/PagedList';
import { AlertGroupRow } from './AlertGroupRow';
import { useAlertGroups, type AlertFilter } from './queries';

/** The user's alerts in groups (all, or mentions only), newest group first, paged as the reader scrolls. */
export function AlertGroupList({ userId, filter }: { userId: number; filter: AlertFilter }) {
  const groups = useAlertGroups(userId, filter);
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
