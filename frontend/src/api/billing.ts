import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

/** Hands PayPal's subscription id to the server, which verifies it with PayPal before upgrading. */
export const subscribe = (subscriptionId: string, groupId: number) => callApi(ROUTES.billing.subscribe, { body: { subscriptionId, groupId } });

/** The member's latest subscription; 404 when there is none. */
export const fetchSubscription = (userId: number, signal?: AbortSignal) => callApi(ROUTES.billing.subscription, { params: { userId }, signal });
