import type { AdminJobState } from './useAdminJob';

/** A running request: what it does and, once the job reports it, how far it is. */
export function JobProgress({ job }: { job: AdminJobState }) {
  const label = job.activity ?? 'Working...';
  return (
    <div className="admin-progress">
      <span className="admin-progress-label">
        {label}
        {job.progress !== null && ` ${job.progress}%`}
      </span>
      {/* Without a value the bar is indeterminate until the polled job reports progress. */}
      <progress className="admin-progress-bar" max={100} value={job.progress ?? undefined} aria-label={label} />
    </div>
  );
}
