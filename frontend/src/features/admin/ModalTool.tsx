import { useState, type ComponentType } from 'react';
import { ToolCard } from './ToolCard';

interface ModalToolProps {
  title: string;
  description: string;
  openLabel: string;
  /** The dialog the button opens; it closes itself through onClose. */
  dialog: ComponentType<{ onClose: () => void }>;
}

/** A tool whose work happens in a dialog (Manage Users, View Logs, group settings). */
export function ModalTool({ title, description, openLabel, dialog: Dialog }: ModalToolProps) {
  const [open, setOpen] = useState(false);
  return (
    <ToolCard
      title={title}
      description={description}
      actions={
        <>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            {openLabel}
          </button>
          {open && <Dialog onClose={() => setOpen(false)} />}
        </>
      }
    />
  );
}
