import { Link } from 'react-router-dom';
import { MESSAGES, type AlertGroup, type AlertType } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { PostTime } from '../../components/post/PostTime';
import { firstLine, groupTarget, groupText, isTeamAlert } from './alertGroupText';
import { TeamAlertRow } from './TeamAlertRow';

const ICONS: Record<AlertType, string> = { like: '❤️', reply: '💬', repost: '🔁', follow: '👤', mention: '@' };

/**
 * One group of alerts: up to three small avatars of its newest actors, the sentence ("Bob and 3
 * others liked your post"), the post's first line and the newest alert's age. Unread groups are
 * tinted and marked, and say "Unread" to screen readers.
 */
export function AlertGroupRow({ group }: { group: AlertGroup }) {
  if (isTeamAlert(group.type)) return <TeamAlertRow type={group.type} text={group.text ?? ''} at={group.latestAt} unread={group.unread} />;
  const type = group.type;
  const line = firstLine(group.post?.content);
  return (
    <Link to={groupTarget(group)} className={`alert-row alert-group${group.unread ? ' alert-group-unread' : ''}`}>
      <span className="alert-group-avatars" aria-hidden="true">
        {group.actors.map((actor) => (
          <Avatar key={actor.username} path={actor.thumbnail} size={group.actors.length > 1 ? 28 : 44} />
        ))}
        <span className="alert-row-icon">{ICONS[type] ?? '🔔'}</span>
      </span>
      <span className="alert-row-text">
        {group.unread && <span className="visually-hidden">{MESSAGES.alertGroups.unread}: </span>}
        <span className="alert-group-title">{groupText(group)}</span>
        {line && <span className="alert-group-post">{line}</span>}
      </span>
      <span className="alert-group-meta">
        {group.unread && <span className="alert-group-dot" aria-hidden="true" />}
        <PostTime iso={group.latestAt} />
      </span>
    </Link>
  );
}
