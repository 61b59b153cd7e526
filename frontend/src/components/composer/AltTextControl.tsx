import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ALT_TEXT_MESSAGES } from '@cloud9/contracts';
import { AltTextField } from './AltTextField';

interface AltTextControlProps {
  alt: string;
  onChange: (alt: string) => void;
}

/**
 * The media preview's "Add description" control: a toggle opening the field of the upload's alt
 * text. Escape in the field closes only the field (the composer's dialog stays) and gives the
 * focus back to the toggle. Without a description a calm reminder shows; it never stops the post.
 */
export function AltTextControl({ alt, onChange }: AltTextControlProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const described = alt.trim() !== '';

  // Opening the field puts the caret in it.
  useEffect(() => {
    if (open) panel.current?.querySelector('textarea')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    event.preventDefault();
    close();
  };

  return (
    <div className="composer-alt">
      <button
        ref={toggle}
        type="button"
        className={`composer-alt-toggle${described ? ' composer-alt-toggle-done' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="composer-alt-mark" aria-hidden="true">
          {ALT_TEXT_MESSAGES.badge}
        </span>
        {described ? ALT_TEXT_MESSAGES.edit : ALT_TEXT_MESSAGES.add}
      </button>
      {!described && !open && <p className="hint composer-alt-reminder">{ALT_TEXT_MESSAGES.reminder}</p>}
      <div ref={panel} id={panelId} className="composer-alt-panel" hidden={!open} onKeyDown={onKeyDown}>
        {open && <AltTextField alt={alt} onChange={onChange} />}
        <button type="button" className="btn btn-ghost composer-alt-done" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
