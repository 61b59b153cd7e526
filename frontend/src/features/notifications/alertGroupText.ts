import { MESSAGES, type AlertGroup, type AlertGroupActor, type TeamAlertType, type UserAlertType } from '@cloud9/contracts';

/** An alert from the Cloud 9 team (no actor): drawn by TeamAlertRow. */
export const isTeamAlert = (type: UserAlertType): type is TeamAlertType => type === 'warning' || type === 'report-handled';

/** How an actor is named: their display name, else their username. */
const actorName = (actor: AlertGroupActor): string => actor.name?.trim() || actor.username;

/** "Bob and 3 others liked your post": the newest actor by name, the rest counted. */
export function groupText(group: AlertGroup): string {
  if (isTeamAlert(group.type)) return MESSAGES.teamAlerts[group.type];
  const [newest] = group.actors;
  const who = MESSAGES.alertGroups.actors(newest ? actorName(newest) : '', Math.max(group.count - 1, 0));
  return `${who} ${MESSAGES.alertGroups[group.type]}`;
}

/** The first line of a post with text, as the row shows it under the group's sentence. */
export function firstLine(content: string | undefined): string {
  return (content ?? '').split('\n').map((line) => line.trim()).find(Boolean) ?? '';
}

/** Where a group leads: its post, or for follows the newest follower's profile. */
export function groupTarget(group: AlertGroup): string {
  if (group.post) return `/post/${group.post.id}`;
  const [newest] = group.actors;
  return newest ? `/profile/${encodeURIComponent(newest.username)}` : '/profile';
}
