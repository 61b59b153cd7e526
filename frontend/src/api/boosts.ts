import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const fetchBoostQuota = (userId: number, signal?: AbortSignal) => callApi(ROUTES.boosts.quota, { params: { userId }, signal });

/** 409 Already Requested, 429 Limit Reached, 403 not allowed. */
export const requestBoost = (userId: number, postId: number) => callApi(ROUTES.boosts.request, { body: { userId, postId } });
