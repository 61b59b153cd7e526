import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertGroup, AlertType, SystemNotice, UserAlert } from '@cloud9/contracts';
import { fetchAlertGroups } from '../../api/alertGroups';
import { deleteNotice, fetchNotices, fetchUserAlerts, saveNotice, searchNotices, type NoticeDraft } from '../../api/notifications';
import { addNotice, alertsKeys, noticesKeys, removeNotice, replaceNotice } from '../../queries/notifications';
import type { PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';

/** 'My Notifications': the user's alerts, filtered by `query` on the server. */
export const useAlerts = (userId: number, query: string): PagedQuery<UserAlert> =>
  usePagedQuery(alertsKeys.list(userId, query), (cursor, signal) => fetchUserAlerts(userId, query, cursor, signal), 'Loading notifications failed');

/** The grouped list shows every type, or mentions only. */
export type AlertFilter = Extract<AlertType, 'mention'> | 'all';

/** 'My Notifications' in groups, computed by the server. */
export const useAlertGroups = (userId: number, filter: AlertFilter): PagedQuery<AlertGroup> =>
  usePagedQuery(
    alertsKeys.groups(userId, filter),
    (cursor, signal) => fetchAlertGroups(userId, filter === 'all' ? undefined : filter, cursor, signal),
    'Loading notifications failed',
  );

/** 'System Notices', or those matching `query`. */
export const useNotices = (query: string): PagedQuery<SystemNotice> =>
  usePagedQuery(
    noticesKeys.list(query),
    (cursor, signal) => (query ? searchNotices(query, cursor, signal) : fetchNotices(cursor, signal)),
    'Loading system notices failed',
  );

/** Posts a notice or saves an edit (`draft.id`); resolves with the saved notice, now in the cached lists. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: NoticeDraft): Promise<SystemNotice> => {
      const result = await saveNotice(draft);
      if (!result?.notice) throw new Error('No notice in the answer');
      return result.notice;
    },
    onSuccess: (notice, draft) => (draft.id === undefined ? addNotice(queryClient, notice) : replaceNotice(queryClient, notice)),
  });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNotice, onSuccess: (_result, id) => removeNotice(queryClient, id) });
}
