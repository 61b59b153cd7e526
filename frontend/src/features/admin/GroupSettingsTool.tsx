import { useState } from 'react';
import { GroupSettingsModal } from './GroupSettingsModal';
import { ToolCard } from './ToolCard';

export function GroupSettingsTool() {
  const [open, setOpen] = useState(false);
  return (
    <ToolCard
      title="Manage group settings"
      description="Review the fee and limits of every tier: post length, media size, edit window and boosts."
      actions={
        <>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            Open group settings
          </button>
          {open && <GroupSettingsModal onClose={() => setOpen(false)} />}
        </>
      }
    />
  );
}
