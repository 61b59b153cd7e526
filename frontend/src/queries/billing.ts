import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSubscription, subscribe } from '../api/billing';
import { applyGroupChange } from '../stores/sessionSync';
import { boostsKeys } from './boosts';

const billingKeys = {
  all: ['billing'] as const,
  subscription: (userId: number) => [...billingKeys.all, 'subscription', userId] as const,
};

/** The member's latest subscription; an error (404: none) means there is nothing to show. */
export const useSubscription = (userId: number) =>
  useQuery({ queryKey: billingKeys.subscription(userId), queryFn: ({ signal }) => fetchSubscription(userId, signal) });

/**
 * Hands PayPal's approved subscription to the server, which verifies it and upgrades the account.
 * Its answer carries the new group and limits, applied at once (composer counters); the boost quota
 * and the subscription are asked for again.
 */
export function useSubscribeToPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, groupId }: { subscriptionId: string; groupId: number }) => subscribe(subscriptionId, groupId),
    onSuccess: (result) => {
      applyGroupChange(result.groupId, result.limits);
      void queryClient.invalidateQueries({ queryKey: boostsKeys.all });
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
