import { ROUTES, type AlertGroup, type AlertType, type Page } from '@cloud9/contracts';
import { callApi } from './client';

// Apart from api/notifications.ts, which the first load carries (the dots' store uses it): only
// the notifications and settings screens call these.

/** Alert groups, all types or one (the Mentions view): with `grouped=1` the route answers AlertGroup items. */
export const fetchAlertGroups = (userId: number, type: AlertType | undefined, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.notifications.alerts, { params: { userId }, query: { grouped: '1', type, cursor }, signal }) as Promise<Page<AlertGroup>>;
