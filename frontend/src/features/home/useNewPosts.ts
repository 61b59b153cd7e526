import { useState } from 'react';
import { DEFAULT_CATEGORY } from '@cloud9/contracts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';

interface NewPostsOptions {
  /** Changes whenever the feed shown changes; the count starts again from 0. */
  feedKey: string;
  /** Only the unfiltered For you feed can tell from the event whether a post belongs in it. */
  enabled: boolean;
  category: string;
  /** The creation time (ISO) of the newest post on screen: a post no newer is already there (a fast reload). */
  newestShown: () => string | null;
}

/**
 * Counts the posts 'post:created' announces that belong in the current feed: in the chosen category
 * (General means every category) and newer than what is shown. The event names neither the post nor
 * its author (the server sends it to everyone but the author), so the count may include a post the
 * viewer's hide rule leaves out; the feed read again when the pill is pressed shows only what they see.
 */
export function useNewPosts({ feedKey, enabled, category, newestShown }: NewPostsOptions): [number, () => void] {
  const [pending, setPending] = useState<{ key: string; count: number }>({ key: feedKey, count: 0 });
  const count = pending.key === feedKey ? pending.count : 0;

  useRealtimeEvent('post:created', (post) => {
    if (!enabled) return;
    if (category !== DEFAULT_CATEGORY && post.category !== category) return;
    const newest = newestShown();
    if (newest !== null && post.createdAt <= newest) return;
    setPending((p) => ({ key: feedKey, count: (p.key === feedKey ? p.count : 0) + 1 }));
  });

  return [count, () => setPending({ key: feedKey, count: 0 })];
}
