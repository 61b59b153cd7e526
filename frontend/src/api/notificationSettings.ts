import { ROUTES, type NotificationSettingsBody } from '@cloud9/contracts';
import { callApi } from './client';

// Apart from api/notifications.ts, which the first load carries: only the settings screen calls these.

export const fetchNotificationSettings = (signal?: AbortSignal) => callApi(ROUTES.notifications.settings, { signal });

export const saveNotificationSettings = (changes: NotificationSettingsBody) => callApi(ROUTES.notifications.saveSettings, { body: changes });
