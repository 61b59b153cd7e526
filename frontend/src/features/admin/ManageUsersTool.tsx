import { useState } from 'react';
import { ManageUsersModal } from './ManageUsersModal';
import { ToolCard } from './ToolCard';

export function ManageUsersTool() {
  const [open, setOpen] = useState(false);
  return (
    <ToolCard
      title="Manage Users"
      description="Search every account and move members between groups."
      actions={
        <>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            Manage users
          </button>
          {open && <ManageUsersModal onClose={() => setOpen(false)} />}
        </>
      }
    />
  );
}
