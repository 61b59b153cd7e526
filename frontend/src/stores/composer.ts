import { create } from 'zustand';

/** Whether the global (floating button) composer is open. */
interface ComposerState {
  open: boolean;
  openComposer: () => void;
  closeComposer: () => void;
}

export const useComposerStore = create<ComposerState>()((set) => ({
  open: false,
  openComposer: () => set({ open: true }),
  closeComposer: () => set({ open: false }),
}));
