import { QUEUE_DASHBOARD_PATH } from '@cloud9/contracts';
import { API_BASE } from '../../api/client';
import { ToolCard } from './ToolCard';

/** Bull Board is a server page (not a screen of the app), so a plain link in a new tab. */
export function QueueDashboardTool() {
  return (
    <ToolCard
      title="Queue dashboard"
      description="Watch, retry and clean the background jobs: backups, syncs, scans and boost rotations."
      actions={
        <a className="btn btn-ghost" href={`${API_BASE}${QUEUE_DASHBOARD_PATH}`} target="_blank" rel="noopener">
          Open queue dashboard
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      }
    />
  );
}
