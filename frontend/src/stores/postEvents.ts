import { create } from 'zustand';
import type { Post } from '@cloud9/contracts';

/**
 * Posts created anywhere in this tab (the global composer), so a mounted feed can show them
 * without one screen importing another. `seq` makes two equal posts distinct events.
 */
interface PostEventsState {
  created: { post: Post; seq: number } | null;
  announceCreated: (post: Post) => void;
}

let seq = 0;

export const usePostEventsStore = create<PostEventsState>()((set) => ({
  created: null,
  announceCreated: (post) => set({ created: { post, seq: ++seq } }),
}));
