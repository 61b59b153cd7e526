import { useDialogRequests } from './dialogs/dialogRequests';

export interface PromptOptions {
  /** The question; it is also the text field's label. */
  message: string;
  /** Text the field starts with. */
  initialValue?: string;
  /** Label of the button that submits the answer. */
  confirmLabel?: string;
  /** Label of the button that gives up. */
  cancelLabel?: string;
}

/**
 * Asks the user for a line of text in an in-app dialog; resolves the text as typed (untrimmed),
 * or null when they cancel (Cancel, Close or Escape).
 */
export function promptText(options: PromptOptions): Promise<string | null> {
  return new Promise((resolve) => {
    useDialogRequests.getState().push({
      kind: 'prompt',
      message: options.message,
      initialValue: options.initialValue ?? '',
      confirmLabel: options.confirmLabel ?? 'OK',
      cancelLabel: options.cancelLabel ?? 'Cancel',
      resolve,
    });
  });
}
