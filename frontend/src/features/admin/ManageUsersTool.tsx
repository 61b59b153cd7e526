import { ManageUsersModal } from './ManageUsersModal';
import { ModalTool } from './ModalTool';

export const ManageUsersTool = () => (
  <ModalTool title="Manage Users" description="Search every account and move members between groups." openLabel="Manage users" dialog={ManageUsersModal} />
);
