import type { BoostQuota } from '@cloud9/contracts';
import { apiRequest } from './client';

export const fetchBoostQuota = (userId: number, signal?: AbortSignal) => apiRequest<BoostQuota>(`/api/boost/quota/${userId}`, { signal });

/** 409 Already Requested, 429 Limit Reached, 403 not allowed. */
export const requestBoost = (userId: number, postId: number) =>
  apiRequest<{ message: string }>('/api/boost/request', { method: 'POST', body: { userId, postId } });
