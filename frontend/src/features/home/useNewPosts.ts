import { useState } from 'react';
import { DEFAULT_CATEGORY } from '@cloud9/contracts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';

interface NewPostsOptions {
  /** Changes whenever the feed shown changes; the count starts again from 0. */
  feedKey: string;
  /** Only the unfiltered For you feed can tell from the event whether a post belongs in it. */
  enabled: boolean;
  category: string;
  viewerId: number | null;
  /** Ids already on screen (a post the viewer's own composer put there, a fast reload). */
  isShown: (id: number) => boolean;
}

/**
 * Counts posts pushed by 'post:created' that belong in the current feed: not the viewer's own,
 * and in the chosen category (General means every category).
 */
export function useNewPosts({ feedKey, enabled, category, viewerId, isShown }: NewPostsOptions): [number, () => void] {
  const [pending, setPending] = useState<{ key: string; ids: number[] }>({ key: feedKey, ids: [] });
  const ids = pending.key === feedKey ? pending.ids : [];

  useRealtimeEvent('post:created', (post) => {
    if (!enabled || post.user_id === viewerId || isShown(post.id)) return;
    if (category !== DEFAULT_CATEGORY && post.category !== category) return;
    setPending((p) => {
      const current = p.key === feedKey ? p.ids : [];
      return current.includes(post.id) ? p : { key: feedKey, ids: [...current, post.id] };
    });
  });

  return [ids.length, () => setPending({ key: feedKey, ids: [] })];
}
