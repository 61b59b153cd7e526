import type { AuditEntry } from '@cloud9/contracts';
import { actionLabel, auditDetailFacts, resultLabel, targetLabel } from './auditText';
import { FactList } from './FactList';
import { formatDateTime } from './groupLabel';

const tone = (result: string) => (result === 'ok' ? 'ok' : result === 'pending' ? 'pending' : 'bad');

/** One admin action of the audit log: what, by whom, on what, with which result and when, and its details as labelled fields. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <div className="admin-audit-row">
      <div className="admin-audit-top">
        <span className="admin-audit-action" title={entry.action}>
          {actionLabel(entry.action)}
        </span>
        <span className={`badge admin-result admin-result-${tone(entry.result)}`}>{resultLabel(entry.result)}</span>
        <time className="admin-audit-time" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="admin-audit-meta">
        by @{entry.actorUsername}
        {entry.target && <> · {targetLabel(entry.target)}</>}
      </p>
      <FactList facts={auditDetailFacts(entry.details)} />
    </div>
  );
}
