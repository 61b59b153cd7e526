import { Link } from 'react-router-dom';
import type { AlertType, UserAlert } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { PostTime } from '../../components/post/PostTime';
import { isTeamAlert } from './alertGroupText';
import { TeamAlertRow } from './TeamAlertRow';

const ICONS: Record<AlertType, string> = { like: '❤️', reply: '💬', repost: '🔁', follow: '👤', mention: '@' };

/** Where an alert leads: the post for like/reply/repost/mention, the actor's profile for a follow. */
function alertTarget(alert: UserAlert & { type: AlertType }): string {
  if (alert.type !== 'follow' && alert.post_id != null) return `/post/${alert.post_id}`;
  return `/profile/${encodeURIComponent(alert.actor_username ?? '')}`;
}

/** One personal alert: the actor's picture, the message (which names the actor) and its age. */
export function AlertRow({ alert }: { alert: UserAlert }) {
  if (isTeamAlert(alert.type)) return <TeamAlertRow type={alert.type} text={alert.message} at={alert.createdAt} />;
  const { type } = alert;
  return (
    <Link to={alertTarget({ ...alert, type })} className="alert-row">
      <span className="alert-row-avatar">
        <Avatar path={alert.actor_thumbnail} size={44} />
        <span className="alert-row-icon" aria-hidden="true">
          {ICONS[type] ?? '🔔'}
        </span>
      </span>
      <span className="alert-row-text">{alert.message}</span>
      <PostTime iso={alert.createdAt} />
    </Link>
  );
}
