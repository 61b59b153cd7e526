import { useCallback, useRef, useState } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FollowUser } from '@cloud9/contracts';
import { fetchFollowList, fetchIsFollowing, followUser, unfollowUser, type FollowListKind } from '../../api/follows';
import { mapPages, type PagedData, type PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { followsKeys, moveFollowCounts } from '../../queries/profiles';

/** Whether `viewerId` follows `targetId`: null until known (or when there is nothing to ask). */
export function useIsFollowing(viewerId: number | null, targetId: number, enabled: boolean): boolean | null {
  const { data } = useQuery({
    queryKey: followsKeys.isFollowing(viewerId ?? 0, targetId),
    queryFn:
      enabled && viewerId !== null
        ? async ({ signal }) => {
            try {
              return (await fetchIsFollowing(viewerId, targetId, signal))?.isFollowing === true;
            } catch (err) {
              if (signal.aborted) throw err;
              console.error('Checking follow state failed', err);
              // Offer Follow anyway; the server answers a follow that already exists idempotently.
              return false;
            }
          }
        : skipToken,
  });
  return enabled ? (data ?? null) : null;
}

/** The Followers or Following list of `userId`, keyset-paged. */
export const useFollowList = (kind: FollowListKind, userId: number): PagedQuery<FollowUser> =>
  usePagedQuery(followsKeys.list(kind, userId), (cursor, signal) => fetchFollowList(kind, userId, cursor, signal), `Loading ${kind} failed`);

/** The server agreed `viewerId` now follows (or not) `targetId`: every cached copy says so, and the counts move. */
function applyFollow(queryClient: QueryClient, viewerId: number, targetId: number, following: boolean): void {
  queryClient.setQueryData(followsKeys.isFollowing(viewerId, targetId), following);
  queryClient.setQueriesData<PagedData<FollowUser>>({ queryKey: followsKeys.lists() }, (data) =>
    mapPages(data, (users) => (users.some((u) => u.id === targetId) ? users.map((u) => (u.id === targetId ? { ...u, isFollowing: following } : u)) : users)),
  );
  moveFollowCounts(queryClient, viewerId, targetId, following ? 1 : -1);
}

export interface FollowToggle {
  following: boolean;
  busy: boolean;
  toggle: () => void;
}

/** Follows or unfollows `targetId` as `viewerId`, one request at a time. Failures are only logged. */
export function useFollowToggle(viewerId: number, targetId: number, initialFollowing: boolean): FollowToggle {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(initialFollowing);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const { mutateAsync } = useMutation({
    mutationFn: async (follow: boolean) => {
      const result = await (follow ? followUser(viewerId, targetId) : unfollowUser(viewerId, targetId));
      return typeof result?.isFollowing === 'boolean' ? result.isFollowing : follow;
    },
    onSuccess: (now, follow) => {
      if (now === follow) applyFollow(queryClient, viewerId, targetId, now);
    },
  });

  const toggle = useCallback(() => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    mutateAsync(!following)
      .then(setFollowing)
      .catch((err: unknown) => console.error(following ? 'Unfollow failed' : 'Follow failed', err))
      .finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
  }, [following, mutateAsync]);

  return { following, busy, toggle };
}
