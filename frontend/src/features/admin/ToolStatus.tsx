import { JobProgress } from './JobProgress';
import type { AdminTool } from './useAdminTool';

/**
 * The tool's result area: a live region (present before anything is shown, so changes are
 * announced) with the running job's progress, then the outcome of the last run.
 */
export function ToolStatus({ tool }: { tool: Pick<AdminTool, 'job' | 'outcome'> }) {
  const { job, outcome } = tool;
  return (
    <div className="admin-tool-status" role="status" aria-live="polite">
      {job.running ? (
        <JobProgress job={job} />
      ) : (
        outcome && (
          <div className={`admin-outcome admin-outcome-${outcome.tone}`}>
            <p className="admin-outcome-message">{outcome.message}</p>
            {outcome.details}
          </div>
        )
      )}
    </div>
  );
}
