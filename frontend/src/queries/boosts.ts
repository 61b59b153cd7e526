import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@cloud9/contracts';
import { fetchBoostQuota, requestBoost } from '../api/boosts';

/** The quota depends on the plan, so its key names the group: a group change asks again. */
export const boostsKeys = {
  all: ['boosts'] as const,
  quota: (userId: number, groupId: number) => [...boostsKeys.all, 'quota', userId, groupId] as const,
};

/**
 * The signed-in member's boosts this month, shared by every Boost button: asked once, and again
 * after each request (or a new plan). A failure shows no hint; the server still decides each request.
 */
export function useBoostQuota(user: CurrentUser | null) {
  return useQuery({
    queryKey: boostsKeys.quota(user?.id ?? 0, user?.group_id ?? 0),
    queryFn: user ? ({ signal }) => fetchBoostQuota(user.id, signal) : skipToken,
    staleTime: Infinity,
  });
}

/** 409 Already Requested, 429 Limit Reached, 403 not allowed; the quota is asked again either way. */
export function useRequestBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, postId }: { userId: number; postId: number }) => requestBoost(userId, postId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boostsKeys.all }),
  });
}
