import { useToastStore, type ToastTone } from '../stores/toast';

/**
 * Messages that are alerts (errors, and the catalogue's alerts): the app's one error surface, an
 * in-page toast whose text is a role="alert", so it is announced once, at once, without blocking.
 */
export function notify(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone, 'alert');
}

/** Messages that are not alerts: a quiet on-page toast (a polite status). */
export function toast(message: string, tone: ToastTone = 'info'): void {
  useToastStore.getState().push(message, tone, 'status');
}
