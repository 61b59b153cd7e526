import { useState } from 'react';
import { MESSAGES, type AdminOrphansDeleteResult, type AdminOrphansResult } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { checkOrphanedUploads, deleteOrphanedUploads, fromOrphanDeleteJob, fromOrphanScanJob } from './adminApi';
import { failureMessage } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { OrphanList } from './OrphanList';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const unknownError = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/** Lists the count and names of uploaded files nothing uses; they can then be deleted. */
export function OrphanedUploadsTool() {
  const tool = useAdminTool();
  const [found, setFound] = useState<AdminOrphansResult | null>(null);

  const check = async () => {
    if (tool.job.running) return;
    setFound(null);
    try {
      const result = await tool.run<AdminOrphansResult>('Checking uploads...', checkOrphanedUploads, fromOrphanScanJob);
      if (!result || typeof result.total !== 'number' || !Array.isArray(result.orphaned)) {
        tool.fail(result, MESSAGES.admin.checkUploadsFailed);
        return;
      }
      setFound(result);
      tool.show({ tone: 'success', message: result.total === 0 ? ADMIN_TEXT.orphansNone : ADMIN_TEXT.orphansFound(result.total) });
    } catch (err) {
      tool.fail(err, MESSAGES.admin.checkUploadsFailed);
    }
  };

  const remove = async () => {
    if (tool.job.running || !found) return;
    if (!(await confirmAction({ message: ADMIN_TEXT.orphansDeleteConfirm(found.orphaned.length), confirmLabel: 'Delete files' }))) return;
    try {
      const result = await tool.run<AdminOrphansDeleteResult>('Deleting orphaned files...', (signal) => deleteOrphanedUploads(found.orphaned, signal), fromOrphanDeleteJob);
      if (result?.success !== true) {
        tool.fail(result, unknownError((result as { error?: string } | null)?.error));
        return;
      }
      setFound(null);
      tool.alert({ tone: 'success', message: ADMIN_TEXT.orphansDeleted(result.deleted) });
    } catch (err) {
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactAdmin, unknownError));
    }
  };

  return (
    <ToolCard
      title="Orphaned uploads"
      description="Find uploaded files that no post, notice or profile uses."
      tool={tool}
      actions={
        <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={check}>
          Check orphaned uploads
        </button>
      }
    >
      {found && found.orphaned.length > 0 && <OrphanList result={found} busy={tool.job.running} onDelete={remove} />}
    </ToolCard>
  );
}
