import { useState } from 'react';
import { MESSAGES, QUEUE_DASHBOARD_PATH, type AdminJobCounts } from '@cloud9/contracts';
import { API_BASE } from '../../api/early';
import { fetchJobCounts } from './adminApi';
import { failureMessage } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { JobCountsTable } from './JobCountsTable';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const failed = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/**
 * The background jobs at a glance (how many wait, run, failed...), and Bull Board, a server page
 * (not a screen of the app) where they are watched, retried and cleaned: a plain link in a new tab.
 */
export function QueueDashboardTool() {
  const tool = useAdminTool();
  const [counts, setCounts] = useState<AdminJobCounts | null>(null);

  const count = async () => {
    if (tool.job.running) return;
    try {
      const result = await tool.run('Counting jobs...', fetchJobCounts);
      setCounts(result);
      tool.show({ tone: 'success', message: ADMIN_TEXT.jobsCounted });
    } catch (err) {
      setCounts(null);
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactAdmin, failed));
    }
  };

  return (
    <ToolCard
      title="Queue dashboard"
      description="Watch, retry and clean the background jobs: backups, syncs, scans and boost rotations."
      tool={tool}
      actions={
        <>
          <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={count}>
            {counts ? 'Count again' : 'Count jobs'}
          </button>
          <a className="btn btn-ghost" href={`${API_BASE}${QUEUE_DASHBOARD_PATH}`} target="_blank" rel="noopener">
            Open queue dashboard
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      }
    >
      {counts && <JobCountsTable queues={counts.queues} />}
    </ToolCard>
  );
}
