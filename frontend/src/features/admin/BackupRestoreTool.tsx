import { MESSAGES, type AdminBackupResult } from '@cloud9/contracts';
import { fromDatabaseJob, runDatabaseJob } from './adminApi';
import { failureMessage } from './adminErrors';
import { askText } from './adminPrompts';
import { ADMIN_TEXT } from './adminText';
import { FactList } from './FactList';
import { databaseJobFacts } from './resultFacts';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const ACTIVITY = { backup: 'Backing up the database...', restore: 'Restoring the database...' } as const;

/** A prompt that accepts only 'backup' or 'restore' (any case), then runs that job. */
export function BackupRestoreTool() {
  const tool = useAdminTool();

  const start = async () => {
    if (tool.job.running) return;
    const answer = await askText(ADMIN_TEXT.backupPrompt);
    if (answer === null) return;
    const kind = answer.toLowerCase();
    if (kind !== 'backup' && kind !== 'restore') {
      tool.alert({ tone: 'error', message: MESSAGES.admin.invalidBackupInput });
      return;
    }
    try {
      const result = await tool.run<AdminBackupResult>(ACTIVITY[kind], (signal) => runDatabaseJob(kind, signal), fromDatabaseJob(kind));
      if (result?.success !== true) {
        tool.fail(result, MESSAGES.admin.operationFailed((result as { error?: string } | null)?.error));
        return;
      }
      tool.alert({ tone: 'success', message: result.message, details: <FactList facts={databaseJobFacts(result)} /> });
    } catch (err) {
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactAdmin, MESSAGES.admin.operationFailed));
    }
  };

  return (
    <ToolCard
      title="Back up or restore the database"
      description="Type 'backup' to save a copy of the database, or 'restore' to bring back the latest copy."
      tool={tool}
      actions={
        <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={start}>
          Run backup or restore
        </button>
      }
    />
  );
}
