import { useEffect, useState } from 'react';
import type { PostCounts } from '@cloud9/contracts';
import { fetchUserPostCounts } from '../../api/posts';

const ZERO: PostCounts = { posts: 0, likes: 0, replies: 0, reposts: 0, media: 0 };

/** The numbers on the profile's filter buttons; zeros until (or unless) they load. */
export function usePostCounts(username: string): PostCounts {
  const [counts, setCounts] = useState<{ username: string; counts: PostCounts } | null>(null);
  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    fetchUserPostCounts(username, controller.signal)
      .then((c) => setCounts({ username, counts: { ...ZERO, ...c } }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.error('Loading post counts failed', err);
      });
    return () => controller.abort();
  }, [username]);
  return counts?.username === username ? counts.counts : ZERO;
}
