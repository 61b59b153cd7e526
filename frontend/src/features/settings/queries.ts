import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_TYPES, type NotificationSettingsWithPush as NotificationSettings, type NotificationSettingsBody, type PushSettings } from '@cloud9/contracts';
import { endAccountSession, endOtherAccountSessions, fetchAccountSessions, fetchDataExports, requestDataExport } from '../../api/accountData';
import { fetchNotificationSettings, saveNotificationSettings } from '../../api/notificationSettings';
import { notificationSettingsKeys } from '../../queries/notifications';

/** Every push switch on: the server's default, and what a server that sends no pushes stands for. */
export const PUSH_DEFAULTS = Object.fromEntries(PUSH_TYPES.map((type) => [type, true])) as PushSettings;

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
      // The push switches are one object on the wire; a change names only some of them.
      const { push, ...alerts } = change;
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...alerts, ...(push ? { push: { ...PUSH_DEFAULTS, ...before.push, ...push } } : {}) });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** The account's sessions and data exports (this screen's alone). */
const accountDataKeys = {
  all: ['account-data'] as const,
  sessions: () => [...accountDataKeys.all, 'sessions'] as const,
  exports: () => [...accountDataKeys.all, 'exports'] as const,
};

export const useAccountSessions = () =>
  useQuery({ queryKey: accountDataKeys.sessions(), queryFn: ({ signal }) => fetchAccountSessions(signal), meta: { failureMessage: 'Loading sessions failed' } });

/** Ends one session (`id`) or every other one (no id); the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => (id ? endAccountSession(id) : endOtherAccountSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.sessions() }),
  });
}

/** The exports, read again every 5 s while one is being built. */
export const useDataExports = () =>
  useQuery({
    queryKey: accountDataKeys.exports(),
    queryFn: ({ signal }) => fetchDataExports(signal),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'pending') ? 5000 : false),
    meta: { failureMessage: 'Loading exports failed' },
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestDataExport, onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.exports() }) });
}
