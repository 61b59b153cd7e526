import type { KeyboardEvent, ReactNode } from 'react';

export type PickerName = 'gif' | 'emoji';

/** The attribute that marks a picker's toolbar button, so Escape can give it the focus back. */
export const pickerToggleAttribute = (picker: PickerName) => ({ 'data-picker-toggle': picker });

/**
 * Wraps a picker (GIF search, emoji panel) so Escape inside it closes only the picker: the key stops
 * here, before the dialog around the composer (which closes on Escape) hears it, and the focus goes
 * back to the picker's toolbar button.
 */
export function PickerEscape({ picker, onClose, children }: { picker: PickerName; onClose: () => void; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    event.preventDefault();
    const toggle = event.currentTarget.closest('.composer-main')?.querySelector<HTMLElement>(`[data-picker-toggle="${picker}"]`);
    onClose();
    toggle?.focus();
  };
  return (
    <div className="composer-picker" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
