import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';
/** 'alert': a message the user must not miss (announced at once); 'status': a quiet confirmation. */
export type ToastKind = 'alert' | 'status';

/** A button on the toast that takes back what it reports (Undo). */
export interface ToastAction {
  label: string;
  onSelect: () => void;
}

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  kind: ToastKind;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  push: (message: string, tone?: ToastTone, kind?: ToastKind, action?: ToastAction) => number;
  dismiss: (id: number) => void;
}

const TOAST_LIFETIME_MS = 6000;
let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (message, tone = 'info', kind = 'status', action) => {
    const id = nextId++;
    // Keep the stack short: the newest few matter, older ones are already announced. The same text
    // again replaces its earlier toast (a new element, so it is announced again) instead of stacking.
    const others = get().toasts.filter((t) => t.message !== message);
    set({ toasts: [...others.slice(-2), { id, message, tone, kind, action }] });
    // A toast with a button stays longer: the member needs the time to reach it.
    setTimeout(() => get().dismiss(id), action ? TOAST_LIFETIME_MS * 2 : TOAST_LIFETIME_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
