import { useId, useState } from 'react';
import { canModerate, MODERATION_QUEUE_TEXT as T, REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from '@cloud9/contracts';
import { NoticeCardBones } from '../../components/skeletons/ListSkeletons';
import { EmptyState } from '../../components/ui/EmptyState';
import { PagedList } from '../../components/ui/PagedList';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { ReportCard } from './ReportCard';
import { useModerationQueue, type ReasonFilter } from './queries';
import './moderation.css';
import { StaffTwoFactorNotice } from '../../components/security/StaffTwoFactorNotice';

/** The staff's queue (groups 1–4; the server enforces it too): reports newest first, filtered by status and reason, keyset-paged. */
export function ModerationPage() {
  const user = useSessionStore(selectCurrentUser);
  if (!canModerate(user)) {
    return (
      <section aria-labelledby="moderation-title">
        <div className="page-header">
          <h1 id="moderation-title">{T.title}</h1>
        </div>
        <div className="page-body">
          <EmptyState message={T.forbidden} />
        </div>
      </section>
    );
  }
  return <ModerationQueue />;
}

function ModerationQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [reason, setReason] = useState<ReasonFilter>('all');
  const statusId = useId();
  const reasonId = useId();
  const queue = useModerationQueue(status, reason);
  return (
    <section aria-labelledby="moderation-title">
      <div className="page-header">
        <h1 id="moderation-title">{T.title}</h1>
        <p className="hint">{T.intro}</p>
      </div>
      <div className="page-body">
        <StaffTwoFactorNotice />
        <div className="mod-filters">
          <div className="field">
            <label htmlFor={statusId}>{T.statusLabel}</label>
            <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as ReportStatus)}>
              {REPORT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {T.statuses[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={reasonId}>{T.reasonLabel}</label>
            <select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as ReasonFilter)}>
              <option value="all">{T.allReasons}</option>
              {REPORT_REASONS.map((r: ReportReason) => (
                <option key={r} value={r}>
                  {T.reasons[r]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <PagedList
          className="mod-list"
          query={queue}
          label={T.listLabel}
          emptyMessage={status === 'open' ? T.emptyOpen : T.emptyResolved}
          errorMessage={T.loadFailed}
          loadingLabel={T.loading}
          renderItem={(report) => <ReportCard report={report} />}
          placeholder={<NoticeCardBones />}
        />
      </div>
    </section>
  );
}
