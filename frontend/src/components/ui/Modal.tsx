import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional footer (action buttons, one of them closing); 'close' is a single Close button. */
  footer?: ReactNode | 'close';
  size?: 'md' | 'lg';
  /** Extra class on the dialog (e.g. a screen-specific width). */
  className?: string;
  /**
   * For a paged list: the body scrolls between a header and a footer that stay put, so Close does
   * not move away (under the finger) while further pages load.
   */
  scrollsInside?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal dialog: labelled by its title, a visible Close button (the header's when
 * there is no footer; a footer brings its own Close or Cancel), Escape closes, Tab stays inside, and focus goes back to whatever
 * opened it. Rendered in a portal so page stacking never clips it.
 */
export function Modal({ title, onClose, children, footer, size = 'md', className, scrollsInside = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect, not a passive one: when the dialog appears after its code loads, React may
  // paint before passive effects run, and an Escape pressed in that gap would otherwise be lost.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // The content's first control, not the header's Close button, takes the focus.
    const first = Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).find((el) => !el.classList.contains('modal-close'));
    (first ?? dialog)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal-${size}${scrollsInside ? ' modal-scrolls' : ''}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {footer === undefined && (
            <button type="button" className="modal-close" onClick={onClose}>
              Close
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
        {footer && (
          <div className="modal-footer">
            {footer === 'close' ? (
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Close
              </button>
            ) : (
              footer
            )}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
