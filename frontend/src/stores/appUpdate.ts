import { create } from 'zustand';

/**
 * A new version of the app (its service worker) is installed and waiting. It takes over only when the
 * member chooses to: `reload` hands control to it and reloads the page. Null while there is none.
 */
interface AppUpdateState {
  reload: (() => void) | null;
  offer: (reload: () => void) => void;
  /** The member chose Reload: the banner stays until the page goes, but says so (its button is busy). */
  reloading: boolean;
  accept: () => void;
}

export const useAppUpdateStore = create<AppUpdateState>()((set, get) => ({
  reload: null,
  reloading: false,
  offer: (reload) => set({ reload, reloading: false }),
  accept: () => {
    const { reload, reloading } = get();
    if (!reload || reloading) return;
    set({ reloading: true });
    reload();
  },
}));
