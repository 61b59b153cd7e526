import { MESSAGES, type AdminAppBackupResult } from '@cloud9/contracts';
import { fromAppBackupJob, runAppBackup } from './adminApi';
import { FactList } from './FactList';
import { appBackupFacts } from './resultFacts';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

/** Archives the application files; any failure is 'Backup failed. See console.'. */
export function AppBackupTool() {
  const tool = useAdminTool();

  const start = async () => {
    if (tool.job.running) return;
    try {
      const result = await tool.run<AdminAppBackupResult>('Backing up the app...', runAppBackup, fromAppBackupJob);
      if (result?.success !== true) {
        tool.fail(result, MESSAGES.admin.backupFailed);
        return;
      }
      tool.alert({ tone: 'success', message: result.message, details: <FactList facts={appBackupFacts(result)} /> });
    } catch (err) {
      tool.fail(err, MESSAGES.admin.backupFailed);
    }
  };

  return (
    <ToolCard
      title="Run an app backup"
      description="Archive the uploaded files and app settings."
      tool={tool}
      actions={
        <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={start}>
          Run app backup
        </button>
      }
    />
  );
}
