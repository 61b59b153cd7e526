import { useEffect, useState } from 'react';
import { fetchIsFollowing } from '../../api/follows';

/** Whether `viewerId` follows `targetId`: null until known (or when there is nothing to ask). */
export function useIsFollowing(viewerId: number | null, targetId: number, enabled: boolean): boolean | null {
  const [state, setState] = useState<{ key: string; value: boolean } | null>(null);
  const key = `${viewerId}|${targetId}`;

  useEffect(() => {
    if (!enabled || viewerId === null) return;
    const controller = new AbortController();
    fetchIsFollowing(viewerId, targetId, controller.signal)
      .then((result) => setState({ key, value: result?.isFollowing === true }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Checking follow state failed', err);
        // Offer Follow anyway; the server answers a follow that already exists idempotently.
        setState({ key, value: false });
      });
    return () => controller.abort();
  }, [enabled, viewerId, targetId, key]);

  return enabled && state?.key === key ? state.value : null;
}
