import type { FollowResult, FollowUser, IsFollowingResult, Page } from '@cloud9/contracts';
import { apiRequest } from './client';
import { queryString } from './posts';

export const followUser = (followerId: number, followedId: number) =>
  apiRequest<FollowResult>('/api/follow', { method: 'POST', body: { followerId, followedId } });

export const unfollowUser = (followerId: number, followedId: number) =>
  apiRequest<FollowResult>('/api/unfollow', { method: 'POST', body: { followerId, followedId } });

export type FollowListKind = 'followers' | 'following';

/** GET /api/followers/:userId or /api/following/:userId, keyset-paged. */
export const fetchFollowList = (kind: FollowListKind, userId: number, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<FollowUser>>(`/api/${kind}/${userId}${queryString({ cursor })}`, { signal });

export const fetchIsFollowing = (followerId: number, followedId: number, signal?: AbortSignal) =>
  apiRequest<IsFollowingResult>(`/api/is-following${queryString({ followerId, followedId })}`, { signal });
