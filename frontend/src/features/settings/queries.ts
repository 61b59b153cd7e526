import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DmSettings, NotificationSettings, NotificationSettingsBody } from '@cloud9/contracts';
import { endAccountSession, endOtherAccountSessions, fetchAccountSessions, fetchDataExports, requestDataExport } from '../../api/accountData';
import { fetchDmSettings, saveDmSettings } from '../../api/directMessages';
import { fetchNotificationSettings, saveNotificationSettings } from '../../api/notificationSettings';
import { dmKeys } from '../../queries/directMessages';
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
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...change, push: { ...before.push, ...change.push } });
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

/** Who may message the account, read receipts, push text (GET /api/me/dm-settings). */
export const useDmSettings = () =>
  useQuery({ queryKey: dmKeys.settings(), queryFn: ({ signal }) => fetchDmSettings(signal), meta: { failureMessage: 'Loading direct message settings failed' } });

/** Saves every field at once: shown at once, put back when the save fails, the server's answer otherwise. */
export function useSaveDmSettings() {
  const queryClient = useQueryClient();
  const key = dmKeys.settings();
  return useMutation({
    mutationFn: (settings: DmSettings) => saveDmSettings(settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<DmSettings>(key);
      queryClient.setQueryData<DmSettings>(key, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
