import { create } from 'zustand';

/** A question the app is waiting on: a yes/no confirmation or a line of text. */
export type DialogRequest =
  | {
      kind: 'confirm';
      id: number;
      /** What had the focus when the question was asked; it gets it back after the answer. */
      opener: Element | null;
      message: string;
      confirmLabel: string;
      cancelLabel: string;
      resolve: (answer: boolean) => void;
    }
  | {
      kind: 'prompt';
      id: number;
      opener: Element | null;
      message: string;
      initialValue: string;
      confirmLabel: string;
      cancelLabel: string;
      resolve: (answer: string | null) => void;
    };

type Described<R> = R extends DialogRequest ? Omit<R, 'id' | 'opener'> : never;
/** A request as its caller describes it (the queue adds the id and notes the focused element). */
export type NewDialogRequest = Described<DialogRequest>;

interface DialogRequestState {
  /** Waiting questions, oldest first; the dialog host shows the first. */
  queue: DialogRequest[];
  push: (request: NewDialogRequest) => void;
  /** Takes a request off the queue (its caller has been answered). */
  settle: (id: number) => void;
}

let nextId = 1;

/**
 * The queue behind confirmAction() and promptText(): callers anywhere await an answer, and the one
 * dialog host (loaded only when a question is waiting) shows them one at a time.
 */
export const useDialogRequests = create<DialogRequestState>()((set, get) => ({
  queue: [],
  push: (request) =>
    set({ queue: [...get().queue, { ...request, id: nextId++, opener: document.activeElement } as DialogRequest] }),
  settle: (id) => set({ queue: get().queue.filter((r) => r.id !== id) }),
}));

export const selectCurrentRequest = (s: DialogRequestState): DialogRequest | undefined => s.queue[0];
export const selectHasRequest = (s: DialogRequestState): boolean => s.queue.length > 0;
