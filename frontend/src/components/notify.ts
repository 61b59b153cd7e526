import { useToastStore, type ToastTone } from '../stores/toast';

/**
 * The spec's "alert" messages: shown on the page (aria-live toast, for screen readers and for
 * users who dismissed the dialog) and as window.alert, which the spec mandates.
 */
export function notify(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone);
  window.alert(message);
}

/** Messages the spec does not call alerts: on-page toast only. */
export function toast(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone);
}
