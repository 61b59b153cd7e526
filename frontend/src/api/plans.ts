import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const fetchGroupPlan = (groupId: number) => callApi(ROUTES.plans.get, { params: { groupId } });

/** Every plan with its limits, fee, PayPal plan id and availability (the plan grid). */
export const fetchPlans = (signal?: AbortSignal) => callApi(ROUTES.plans.list, { signal });
