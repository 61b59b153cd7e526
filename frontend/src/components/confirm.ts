import { useDialogRequests } from './dialogs/dialogRequests';

export interface ConfirmOptions {
  /** The question, in the catalogue's exact words. */
  message: string;
  /** Label of the button that goes ahead (e.g. "Discard", "Delete"). */
  confirmLabel?: string;
  /** Label of the button that keeps things as they are (e.g. "Keep editing", "Cancel"). */
  cancelLabel?: string;
}

/**
 * Asks the user to confirm an action; resolves true when they go ahead.
 * Every confirmation of the app goes through here, so they all share one accessible surface:
 * an in-app alertdialog with the focus on the safe button, Escape meaning no.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    useDialogRequests.getState().push({
      kind: 'confirm',
      message: options.message,
      confirmLabel: options.confirmLabel ?? 'OK',
      cancelLabel: options.cancelLabel ?? 'Cancel',
      resolve,
    });
  });
}
