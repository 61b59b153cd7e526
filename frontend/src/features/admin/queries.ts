import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canUseAdminTools, type AdminUser, type AuditEntry, type CurrentUser } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchMe } from '../../api/auth';
import { deleteUser } from '../../api/users';
import { removeItem, replaceItem, type PagedData, type PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { fetchAdminUsers, fetchAuditLog, setUserGroup } from './adminApi';

const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: string) => [...adminKeys.users(), query] as const,
  audit: (query: string) => [...adminKeys.all, 'audit', query] as const,
};

const isUnauthorized = (err: unknown) => err instanceof ApiRequestError && err.status === 401;

export type AdminCheck = 'checking' | 'admin' | 'denied';

/**
 * Whether the signed-in user is an admin, confirmed with the server (GET /api/me) on every visit
 * rather than trusted from storage. A stored non-admin is refused at once. If the server cannot be
 * asked (not a 401, which signs out), the stored user decides; the server still enforces every call.
 */
export function useAdminCheck(): AdminCheck {
  const stored = useSessionStore(selectCurrentUser);
  const storedAdmin = canUseAdminTools(stored);
  const { data, error } = useQuery({
    queryKey: adminKeys.me(),
    queryFn: async (): Promise<CurrentUser> => {
      try {
        const me = await fetchMe();
        if (me && typeof me.username === 'string') useSessionStore.getState().setCurrentUser(me);
        return me;
      } catch (err) {
        if (!isUnauthorized(err)) console.error('Could not confirm admin rights', err);
        throw err;
      }
    },
    enabled: storedAdmin,
    // Forgotten when the page closes: the next visit asks again, from 'checking'.
    gcTime: 0,
  });
  if (!storedAdmin) return 'denied';
  if (data) return canUseAdminTools(data) ? 'admin' : 'denied';
  // After a 401 the client signs out; the page waits for that.
  return error && !isUnauthorized(error) ? 'admin' : 'checking';
}

/** Manage Users: every account matching `query`, keyset-paged. */
export const useAdminUsers = (query: string): PagedQuery<AdminUser> =>
  usePagedQuery(adminKeys.userList(query), (cursor, signal) => fetchAdminUsers(query, cursor, signal), 'Loading users failed');

/** View Logs: the audit log, newest first, matching `query`. */
export const useAuditLog = (query: string): PagedQuery<AuditEntry> =>
  usePagedQuery(adminKeys.audit(query), (cursor, signal) => fetchAuditLog(query, cursor, signal), 'Loading the audit log failed');

/** Moves an account to another group; the saved account replaces its rows in the cached lists. */
export function useSetUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groupId }: { id: number; groupId: number }) => setUserGroup(id, groupId),
    onSuccess: async ({ user }) => {
      // A list read still on its way may have left before the change: it must not land over it.
      await queryClient.cancelQueries({ queryKey: adminKeys.users() });
      queryClient.setQueriesData<PagedData<AdminUser>>({ queryKey: adminKeys.users() }, (data) => replaceItem(data, user));
    },
  });
}

/** Deletes an account by id; once the server confirms, it leaves the cached user lists. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: (result, id) => {
      if (result?.success === true) queryClient.setQueriesData<PagedData<AdminUser>>({ queryKey: adminKeys.users() }, (data) => removeItem(data, id));
    },
  });
}
