import type { AdminQueueCounts } from '@cloud9/contracts';
import { formatCount } from './resultFacts';

/** The queues' names as admins know the jobs behind them. */
const QUEUE_NAMES: Record<string, string> = {
  admin: 'Maintenance (backups, syncs, scans)',
  boosts: 'Boost rotations',
  billing: 'Billing sweeps',
  mail: 'Outgoing mail',
};

const queueName = (queue: string): string => QUEUE_NAMES[queue] ?? queue;

const COLUMNS: [keyof Omit<AdminQueueCounts, 'queue'>, string][] = [
  ['waiting', 'Waiting'],
  ['active', 'Running'],
  ['delayed', 'Delayed'],
  ['failed', 'Failed'],
  ['completed', 'Completed'],
];

/** The job counts of every queue, one row each; the table scrolls inside its own box on a phone. */
export function JobCountsTable({ queues }: { queues: readonly AdminQueueCounts[] }) {
  return (
    <div className="admin-table-wrap admin-scroll-box" role="region" aria-label="Job counts" tabIndex={0}>
      <table className="admin-table admin-counts">
        <caption className="visually-hidden">Jobs of each queue by state</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.queue}>
              <th scope="row">{queueName(q.queue)}</th>
              {COLUMNS.map(([key]) => (
                <td key={key}>{formatCount(q[key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
