import { JobProgress } from './JobProgress';
import type { AdminTool, ToolOutcome } from './useAdminTool';

function Outcome({ outcome }: { outcome: ToolOutcome }) {
  return (
    <div className={`admin-outcome admin-outcome-${outcome.tone}`}>
      <p className="admin-outcome-message">{outcome.message}</p>
      {outcome.details}
    </div>
  );
}

/**
 * The tool's result area: a live region (present before anything is shown, so changes are
 * announced) with the running job's progress and the quiet outcomes. An outcome the app's alert
 * surface has announced stays beside it, so it is read once, not twice.
 */
export function ToolStatus({ tool }: { tool: Pick<AdminTool, 'job' | 'outcome'> }) {
  const { job, outcome } = tool;
  const shown = job.running ? null : outcome;
  return (
    <div className="admin-tool-status">
      <div role="status" aria-live="polite">
        {job.running ? <JobProgress job={job} /> : shown && !shown.alerted && <Outcome outcome={shown} />}
      </div>
      {shown?.alerted && <Outcome outcome={shown} />}
    </div>
  );
}
