import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MODERATION_QUEUE_TEXT as T, type ModerationActionBody, type ModerationReport, type ReportReason, type ReportStatus } from '@cloud9/contracts';
import { actOnReport, fetchModerationQueue } from '../../api/moderationQueue';
import { errorMessage } from '../../api/client';
import { notify, toast } from '../../components/notify';
import { mapPages, type PagedData } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';

export type ReasonFilter = ReportReason | 'all';

const moderationKeys = {
  all: ['moderation'] as const,
  queues: (status: ReportStatus) => [...moderationKeys.all, 'queue', status] as const,
  queue: (status: ReportStatus, reason: ReasonFilter) => [...moderationKeys.queues(status), reason] as const,
};

export const useModerationQueue = (status: ReportStatus, reason: ReasonFilter) =>
  usePagedQuery<ModerationReport>(
    moderationKeys.queue(status, reason),
    (cursor, signal) => fetchModerationQueue(status, reason === 'all' ? undefined : reason, cursor, signal),
    T.loadFailed,
  );

/** What a report is about (as the server's target key): one action settles every open report on it. */
const targetOf = (r: ModerationReport) => (r.target.type === 'user' ? `user:${r.target.user.id}` : r.target.post ? `post:${r.target.post.id}` : `report:${r.id}`);

/**
 * Acts on a report. On success the open lists drop at once every report the action settled (same
 * target), then every queue is read again (a suspension shows on the account's other reports). The
 * outcome is told here, not by the card, which is gone from the list by then.
 */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, body }: { report: ModerationReport; body: ModerationActionBody }) => actOnReport(report.id, body),
    onSuccess: (_answer, { report, body }) => {
      toast(T.done[body.action], 'success');
      const settled = targetOf(report);
      const stays = (r: ModerationReport) => r.id !== report.id && targetOf(r) !== settled;
      queryClient.setQueriesData<PagedData<ModerationReport>>({ queryKey: moderationKeys.queues('open') }, (data) =>
        mapPages(data, (items) => (items.every(stays) ? items : items.filter(stays))),
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => notify(errorMessage(err, T.failed), 'error'),
  });
}
