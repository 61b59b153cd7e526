import type { QueryClient } from '@tanstack/react-query';
import type { AlertGroup, AlertType, SystemNotice, UserAlert } from '@cloud9/contracts';
import { addPushedItem, mapPages, refreshFirstPage, removeItem, replaceItem, type PagedData } from './paging';

/**
 * A user's alerts: the whole list (`latest`), which pushed alerts join at the top, a search, which
 * shows only the server's matches, or the groups (all types, or one: the Mentions view), which the
 * server computes and which are read again from the top on every change.
 */
export const alertsKeys = {
  all: ['alerts'] as const,
  latest: () => [...alertsKeys.all, 'latest'] as const,
  list: (userId: number, query: string) => (query ? [...alertsKeys.all, 'search', userId, query] : [...alertsKeys.latest(), userId]),
  groupsAll: () => [...alertsKeys.all, 'groups'] as const,
  groups: (userId: number, type: AlertType | 'all') => [...alertsKeys.groupsAll(), userId, type] as const,
};

/** The user's alert settings (one object per signed-in user). */
export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
  mine: (userId: number) => [...notificationSettingsKeys.all, userId] as const,
};


/** The staff notices: the whole list, which new notices join at the top, or a search. */
export const noticesKeys = {
  all: ['notices'] as const,
  latest: () => [...noticesKeys.all, 'latest'] as const,
  list: (query: string) => (query ? [...noticesKeys.all, 'search', query] : noticesKeys.latest()),
};

export const addAlert = (queryClient: QueryClient, alert: UserAlert) => addPushedItem(queryClient, alertsKeys.latest(), alert);

export function removeAlert(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<PagedData<UserAlert>>({ queryKey: alertsKeys.latest() }, (data) => removeItem(data, id));
  queryClient.setQueriesData<PagedData<UserAlert>>({ queryKey: [...alertsKeys.all, 'search'] }, (data) => removeItem(data, id));
}

/**
 * An alert came or went: the grouped lists read page 0 again, quietly (a group's count and place
 * change; later pages were computed as of the first, so they are dropped rather than mixed).
 */
export const refreshAlertGroups = (queryClient: QueryClient) => refreshFirstPage(queryClient, alertsKeys.groupsAll());

/** After "Mark all as read": every cached group shows as read at once (the refresh that follows agrees). */
export function markGroupsRead(queryClient: QueryClient): void {
  queryClient.setQueriesData<PagedData<AlertGroup>>({ queryKey: alertsKeys.groupsAll() }, (data) =>
    mapPages(data, (items) => (items.some((g) => g.unread) ? items.map((g) => (g.unread ? { ...g, unread: false } : g)) : items)),
  );
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
