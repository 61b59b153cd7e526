import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';
/** 'alert': a message the user must not miss (announced at once); 'status': a quiet confirmation. */
export type ToastKind = 'alert' | 'status';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  kind: ToastKind;
}

interface ToastState {
  toasts: Toast[];
  push: (message: string, tone?: ToastTone, kind?: ToastKind) => number;
  dismiss: (id: number) => void;
}

const TOAST_LIFETIME_MS = 6000;
let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (message, tone = 'info', kind = 'status') => {
    const id = nextId++;
    // Keep the stack short: the newest few matter, older ones are already announced.
    set({ toasts: [...get().toasts.slice(-2), { id, message, tone, kind }] });
    setTimeout(() => get().dismiss(id), TOAST_LIFETIME_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
