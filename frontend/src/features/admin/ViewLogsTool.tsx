import { AuditLogModal } from './AuditLogModal';
import { ModalTool } from './ModalTool';

export const ViewLogsTool = () => (
  <ModalTool title="View Logs" description="Read the audit log: every admin action, who did it and how it went." openLabel="View logs" dialog={AuditLogModal} />
);
