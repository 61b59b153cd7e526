import type { QueryClient } from '@tanstack/react-query';
import type { SystemNotice, UserAlert } from '@cloud9/contracts';
import { addPushedItem, refreshFirstPage, removeItem, replaceItem, type PagedData } from './paging';

/**
 * A user's alerts: the whole list (`latest`), which pushed alerts join at the top, or a search,
 * which shows only the server's matches.
 */
export const alertsKeys = {
  all: ['alerts'] as const,
  latest: () => [...alertsKeys.all, 'latest'] as const,
  list: (userId: number, query: string) => (query ? [...alertsKeys.all, 'search', userId, query] : [...alertsKeys.latest(), userId]),
};

/** The staff notices: the whole list, which new notices join at the top, or a search. */
export const noticesKeys = {
  all: ['notices'] as const,
  latest: () => [...noticesKeys.all, 'latest'] as const,
  list: (query: string) => (query ? [...noticesKeys.all, 'search', query] : noticesKeys.latest()),
};

export const addAlert = (queryClient: QueryClient, alert: UserAlert) => addPushedItem(queryClient, alertsKeys.latest(), alert);

export function removeAlert(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<PagedData<UserAlert>>({ queryKey: alertsKeys.all }, (data) => removeItem(data, id));
}

/** Alerts whose push was lost: every alert list reads page 0 again, quietly. */
export const refreshAlerts = (queryClient: QueryClient) => refreshFirstPage(queryClient, alertsKeys.all);

export const addNotice = (queryClient: QueryClient, notice: SystemNotice) => addPushedItem(queryClient, noticesKeys.latest(), notice);

export function replaceNotice(queryClient: QueryClient, notice: SystemNotice): void {
  queryClient.setQueriesData<PagedData<SystemNotice>>({ queryKey: noticesKeys.all }, (data) => replaceItem(data, notice));
}

export function removeNotice(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<PagedData<SystemNotice>>({ queryKey: noticesKeys.all }, (data) => removeItem(data, id));
}
