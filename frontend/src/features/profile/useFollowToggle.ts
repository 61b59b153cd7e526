import { useCallback, useRef, useState } from 'react';
import { followUser, unfollowUser } from '../../api/follows';

export interface FollowToggle {
  following: boolean;
  busy: boolean;
  toggle: () => void;
}

/**
 * Follows or unfollows `targetId` as `viewerId`. `onChanged(nowFollowing)` runs after the server
 * agreed, so the page can move its counts by one and reload. Failures are only logged (spec §8).
 */
export function useFollowToggle(viewerId: number, targetId: number, initialFollowing: boolean, onChanged?: (nowFollowing: boolean) => void): FollowToggle {
  const [following, setFollowing] = useState(initialFollowing);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;

  const toggle = useCallback(() => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const request = following ? unfollowUser(viewerId, targetId) : followUser(viewerId, targetId);
    request
      .then((result) => {
        const now = typeof result?.isFollowing === 'boolean' ? result.isFollowing : !following;
        setFollowing(now);
        if (now !== following) onChangedRef.current?.(now);
      })
      .catch((err: unknown) => console.error(following ? 'Unfollow failed' : 'Follow failed', err))
      .finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
  }, [following, viewerId, targetId]);

  return { following, busy, toggle };
}
