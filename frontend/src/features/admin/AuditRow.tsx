import type { AuditEntry } from '@cloud9/contracts';
import { formatDateTime } from './groupLabel';

const DETAILS_MAX = 240;

function detailsText(details: AuditEntry['details']): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  const text = JSON.stringify(details);
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

const tone = (result: string) => (result === 'ok' ? 'ok' : result === 'pending' ? 'pending' : 'bad');

/** One admin action of the audit log: what, by whom, on what, with which result and when. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const details = detailsText(entry.details);
  return (
    <div className="admin-audit-row">
      <div className="admin-audit-top">
        <code className="admin-audit-action">{entry.action}</code>
        <span className={`badge admin-result admin-result-${tone(entry.result)}`}>{entry.result}</span>
        <time className="admin-audit-time" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="admin-audit-meta">
        by @{entry.actorUsername}
        {entry.target && <> · {entry.target}</>}
      </p>
      {details && <code className="admin-audit-details">{details}</code>}
    </div>
  );
}
