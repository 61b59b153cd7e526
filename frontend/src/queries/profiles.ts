import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, UserProfile } from '@cloud9/contracts';
import type { FollowListKind } from '../api/follows';
import { updateUser } from '../api/users';
import { useSessionStore } from '../stores/session';

/** Profiles are keyed by lower-cased username: /profile/Skyler and /profile/skyler are one profile. */
export const profileKeys = {
  all: ['profiles'] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  byUsername: (username: string) => [...profileKeys.details(), username.toLowerCase()] as const,
  postCounts: (username: string) => [...profileKeys.all, 'post-counts', username.toLowerCase()] as const,
};

/** Who follows whom (a block ends follows both ways, so the safety changes read these again too). */
export const followsKeys = {
  all: ['follows'] as const,
  isFollowing: (viewerId: number, targetId: number) => [...followsKeys.all, 'is-following', viewerId, targetId] as const,
  lists: () => [...followsKeys.all, 'list'] as const,
  list: (kind: FollowListKind, userId: number) => [...followsKeys.lists(), kind, userId] as const,
};

/**
 * `viewerId` followed (+1) or unfollowed (-1) `targetId`: the cached profiles move their counts by
 * one at once, then load again for the server's numbers.
 */
export function moveFollowCounts(queryClient: QueryClient, viewerId: number, targetId: number, delta: 1 | -1): void {
  queryClient.setQueriesData<UserProfile>({ queryKey: profileKeys.details() }, (profile) => {
    if (profile?.id === targetId) return { ...profile, followersCount: Math.max(0, profile.followersCount + delta) };
    if (profile?.id === viewerId) return { ...profile, followingCount: Math.max(0, profile.followingCount + delta) };
    return profile;
  });
  void queryClient.invalidateQueries({ queryKey: profileKeys.details() });
}

const isUser = (value: unknown): value is CurrentUser => typeof value === 'object' && value !== null && typeof (value as CurrentUser).id === 'number';

/**
 * Saves the signed-in user's profile (multipart: the changed fields and pictures). Resolves with the
 * updated user, now the session's, or null when the answer is not a user; the profiles load again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, form }: { username: string; form: FormData }) => {
      const updated: unknown = await updateUser(username, form);
      return isUser(updated) ? updated : null;
    },
    onSuccess: (updated) => {
      if (!updated) return;
      useSessionStore.getState().setCurrentUser(updated);
      void queryClient.invalidateQueries({ queryKey: profileKeys.details() });
    },
  });
}
