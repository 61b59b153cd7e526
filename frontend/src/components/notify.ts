import { useToastStore, type ToastTone } from '../stores/toast';

/**
 * Messages that are alerts: shown on the page (aria-live toast, for screen readers and for
 * users who dismissed the dialog) and as the browser's native window.alert.
 */
export function notify(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone);
  window.alert(message);
}

/** Messages that are not alerts: on-page toast only. */
export function toast(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone);
}
