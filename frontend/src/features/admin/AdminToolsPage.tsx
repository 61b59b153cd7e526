import { Link } from 'react-router-dom';
import { MESSAGES, canUseAdminTools } from '@cloud9/contracts';
import { StaffTwoFactorNotice } from '../../components/security/StaffTwoFactorNotice';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { AdminBoostTool } from './AdminBoostTool';
import { AdminSection } from './AdminSection';
import { AppBackupTool } from './AppBackupTool';
import { BackupRestoreTool } from './BackupRestoreTool';
import { BoostQueueTool } from './BoostQueueTool';
import { DeleteUserTool } from './DeleteUserTool';
import { FindUserTool } from './FindUserTool';
import { GroupSettingsTool } from './GroupSettingsTool';
import { ManageUsersTool } from './ManageUsersTool';
import { OrphanedUploadsTool } from './OrphanedUploadsTool';
import { QueueDashboardTool } from './QueueDashboardTool';
import { ResetPasswordTool } from './ResetPasswordTool';
import { SyncFollowsTool } from './SyncFollowsTool';
import { ViewLogsTool } from './ViewLogsTool';
import './admin.css';

/** Admin tools: group 1 only (the server enforces it too); anyone else sees 'Unauthorized Access'. */
export function AdminToolsPage() {
  const user = useSessionStore(selectCurrentUser);
  if (!canUseAdminTools(user)) {
    return (
      <div className="page-body">
        <p className="admin-unauthorized">{MESSAGES.admin.unauthorizedAccess}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-title">
      <div className="page-header">
        <h1 id="admin-title">Admin Panel</h1>
        <Link to="/moderation" className="btn btn-ghost admin-moderation-link">
          Moderation queue
        </Link>
      </div>
      <div className="page-body admin-body">
        <StaffTwoFactorNotice />
        <AdminSection title="Members">
          <ResetPasswordTool />
          <FindUserTool />
          <ManageUsersTool />
          <DeleteUserTool />
        </AdminSection>
        <AdminSection title="Data and maintenance">
          <BackupRestoreTool />
          <AppBackupTool />
          <SyncFollowsTool />
          <OrphanedUploadsTool />
          <QueueDashboardTool />
        </AdminSection>
        <AdminSection title="Boosts">
          <AdminBoostTool />
          <BoostQueueTool />
        </AdminSection>
        <AdminSection title="Plans and logs">
          <GroupSettingsTool />
          <ViewLogsTool />
        </AdminSection>
      </div>
    </section>
  );
}
