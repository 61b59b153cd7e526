import { useState } from 'react';
import { AuditLogModal } from './AuditLogModal';
import { ToolCard } from './ToolCard';

export function ViewLogsTool() {
  const [open, setOpen] = useState(false);
  return (
    <ToolCard
      title="View Logs"
      description="Read the audit log: every admin action, who did it and how it went."
      actions={
        <>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            View logs
          </button>
          {open && <AuditLogModal onClose={() => setOpen(false)} />}
        </>
      }
    />
  );
}
