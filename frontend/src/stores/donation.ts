import { create } from 'zustand';

/** Whether the donation dialog is open; the shell opens it, the app mounts it once. */
interface DonationState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useDonationStore = create<DonationState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
