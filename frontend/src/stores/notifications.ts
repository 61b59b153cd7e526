import { create } from 'zustand';

/** Unseen-alert flag behind the nav dot. A later issue feeds it from the socket and the poller. */
interface NotificationsState {
  hasUnseen: boolean;
  setHasUnseen: (value: boolean) => void;
}

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  hasUnseen: false,
  setHasUnseen: (value) => set({ hasUnseen: value }),
}));
