import { useToastStore, type ToastAction } from '../../stores/toast';

// Apart from notify.ts, which the sign-in page loads: only the screens that can take a change back use it.

/** A quiet toast with one button (Undo) that takes the reported change back; the toast goes when pressed. */
export function toastWithAction(message: string, action: ToastAction): void {
  const id = useToastStore.getState().push(message, 'success', 'status', {
    label: action.label,
    onSelect: () => {
      useToastStore.getState().dismiss(id);
      action.onSelect();
    },
  });
}
