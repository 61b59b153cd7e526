import type { GroupPlan } from '@cloud9/contracts';
import { apiRequest } from './client';

export const fetchGroupPlan = (groupId: number) => apiRequest<GroupPlan>(`/api/group/${groupId}`);
