import { GroupSettingsModal } from './GroupSettingsModal';
import { ModalTool } from './ModalTool';

export const GroupSettingsTool = () => (
  <ModalTool
    title="Manage group settings"
    description="Review the fee and limits of every tier: post length, media size, edit window and boosts."
    openLabel="Open group settings"
    dialog={GroupSettingsModal}
  />
);
