import type { GroupPlan } from '@cloud9/contracts';
import { apiRequest } from './client';

export const fetchGroupPlan = (groupId: number) => apiRequest<GroupPlan>(`/api/group/${groupId}`);

/** Every plan with its limits, fee, PayPal plan id and availability (the plan grid). */
export const fetchPlans = (signal?: AbortSignal) => apiRequest<GroupPlan[]>('/api/groups', { signal });
