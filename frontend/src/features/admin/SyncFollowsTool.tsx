import { MESSAGES, type AdminSyncResult } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { fromSyncJob, syncFollowTables } from './adminApi';
import { failureMessage } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Asks for confirmation, then recounts follows and alerts what it corrected. */
export function SyncFollowsTool() {
  const tool = useAdminTool();

  const start = async () => {
    if (tool.job.running) return;
    if (!(await confirmAction({ message: ADMIN_TEXT.syncConfirm, confirmLabel: 'Sync now' }))) return;
    try {
      const result = await tool.run<AdminSyncResult>('Syncing follow tables...', syncFollowTables, fromSyncJob);
      if (result?.success !== true || !isCount(result.followersAdded) || !isCount(result.followingsAdded)) {
        tool.fail(result, MESSAGES.admin.syncFailed);
        return;
      }
      tool.alert({ tone: 'success', message: ADMIN_TEXT.syncDone(result.followersAdded, result.followingsAdded) });
    } catch (err) {
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactSync, () => MESSAGES.admin.syncFailed));
    }
  };

  return (
    <ToolCard
      title="Sync follow tables"
      description="Recount every follower and following total from the follow table."
      tool={tool}
      actions={
        <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={start}>
          Sync follow tables
        </button>
      }
    />
  );
}
