import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './ActionMenu.css';

export interface MenuEntry {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface ActionMenuProps {
  /** Names the trigger and the menu ("Post options"). */
  label: string;
  /** Asked when the menu opens, so entries are as fresh as the state they act on. */
  entries: () => MenuEntry[];
  /** Extra class on the wrapper (where the menu sits in its row). */
  className?: string;
  trigger?: ReactNode;
}

/**
 * A '⋯' button with a menu of actions: the first entry takes the focus, arrows move, Escape and Tab
 * close it (Escape gives the focus back to the button), a click outside closes it.
 */
export function ActionMenu({ label, entries, className, trigger: face = <span aria-hidden="true">⋯</span> }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]');
    (first ?? menu.current)?.focus();
    const onDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next].focus();
  };

  const shown = open ? entries() : [];

  return (
    <div className={`action-menu${className ? ` ${className}` : ''}`} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className="action-menu-trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {face}
      </button>
      {open && (
        <div id={menuId} ref={menu} className="action-menu-list" role="menu" aria-label={label} tabIndex={-1} onKeyDown={onKeyDown}>
          {shown.map((entry) => (
            <button
              key={entry.label}
              type="button"
              role="menuitem"
              className={`action-menu-item${entry.danger ? ' action-menu-item-danger' : ''}`}
              onClick={() => {
                // The focus goes back to the button first, so a dialog the entry opens returns it there.
                close();
                entry.onSelect();
              }}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
