import type { SubscribeResult, Subscription } from '@cloud9/contracts';
import { apiRequest } from './client';

/** Hands PayPal's subscription id to the server, which verifies it with PayPal before upgrading. */
export const subscribe = (subscriptionId: string, groupId: number) =>
  apiRequest<SubscribeResult>('/api/subscriptions', { method: 'POST', body: { subscriptionId, groupId } });

/** The member's latest subscription; 404 when there is none. */
export const fetchSubscription = (userId: number, signal?: AbortSignal) => apiRequest<Subscription>(`/api/get-subscription/${userId}`, { signal });
