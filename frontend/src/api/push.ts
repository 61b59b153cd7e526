import { ROUTES, type PushSubscriptionBody } from '@cloud9/contracts';
import { callApi } from './client';

// Only the settings screen's "Notifications on this device" calls these.

export const fetchPushKey = () => callApi(ROUTES.push.key);
export const savePushSubscription = (body: PushSubscriptionBody) => callApi(ROUTES.push.subscribe, { body });
export const deletePushSubscription = (endpoint: string) => callApi(ROUTES.push.unsubscribe, { body: { endpoint } });
export const sendTestPush = (endpoint: string) => callApi(ROUTES.push.test, { body: { endpoint } });
