import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsBody } from '@cloud9/contracts';
import { fetchNotificationSettings, saveNotificationSettings } from '../../api/notificationSettings';
import { notificationSettingsKeys } from '../../queries/notifications';

export const useNotificationSettings = (userId: number) =>
  useQuery({
    queryKey: notificationSettingsKeys.mine(userId),
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
    meta: { failureMessage: 'Loading notification settings failed' },
  });

/**
 * Saves one switch: the cache shows it at once, goes back to what it was when the server refuses
 * or cannot be reached (`onError` of the caller says so), and takes the server's answer otherwise.
 */
export function useSaveNotificationSetting(userId: number) {
  const queryClient = useQueryClient();
  const key = notificationSettingsKeys.mine(userId);
  return useMutation({
    mutationFn: (change: NotificationSettingsBody) => saveNotificationSettings(change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
