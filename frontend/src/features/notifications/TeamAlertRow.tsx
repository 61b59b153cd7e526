import { MESSAGES, type TeamAlertType } from '@cloud9/contracts';
import { PostTime } from '../../components/post/PostTime';

const ICONS: Record<TeamAlertType, string> = { warning: '⚠️', 'report-handled': '🛡️' };

/**
 * An alert from the Cloud 9 team: a staff member's warning (its text shown whole, not cut to a line)
 * or the answer to a report. It names no person and leads nowhere, so it is not a link.
 */
export function TeamAlertRow({ type, text, at, unread = false }: { type: TeamAlertType; text: string; at: string; unread?: boolean }) {
  return (
    <div className={`alert-row team-alert team-alert-${type}${unread ? ' alert-group-unread' : ''}`}>
      <span className="team-alert-badge" aria-hidden="true">
        {ICONS[type]}
      </span>
      <span className="alert-row-text">
        {unread && <span className="visually-hidden">{MESSAGES.alertGroups.unread}: </span>}
        <span className="alert-group-title">{MESSAGES.teamAlerts[type]}</span>
        <span className="team-alert-text">{text}</span>
      </span>
      <span className="alert-group-meta">
        {unread && <span className="alert-group-dot" aria-hidden="true" />}
        <PostTime iso={at} />
      </span>
    </div>
  );
}
