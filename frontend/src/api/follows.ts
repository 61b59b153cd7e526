import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const followUser = (followerId: number, followedId: number) => callApi(ROUTES.follows.follow, { body: { followerId, followedId } });

export const unfollowUser = (followerId: number, followedId: number) => callApi(ROUTES.follows.unfollow, { body: { followerId, followedId } });

export type FollowListKind = 'followers' | 'following';

/** A user's followers or the users they follow, keyset-paged. */
export const fetchFollowList = (kind: FollowListKind, userId: number, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.follows[kind], { params: { userId }, query: { cursor }, signal });

export const fetchIsFollowing = (followerId: number, followedId: number, signal?: AbortSignal) =>
  callApi(ROUTES.follows.isFollowing, { query: { followerId, followedId }, signal });
