import { createHmac } from 'node:crypto';
import { ALERT_TYPES, DM_MESSAGES, MESSAGES, truncateForDisplay, type AlertType, type DmMessage, type PushType, type UserAlert } from '@cloud9/contracts';
import type { PushMessage } from '../../jobs/job-map';

/** How long a push service keeps a push for a device that is offline. */
const ALERT_TTL_SECONDS = 24 * 3600;
const NOTICE_TTL_SECONDS = 7 * 24 * 3600;
const TEST_TTL_SECONDS = 3600;
/** The longest notice text a push carries (the rest is on the Cloud 9 screen). */
const NOTICE_BODY_CHARS = 180;

/** Alert types that group (likes and reposts of one post, follows of one UTC day), as the grouped list does. */
const GROUPED = new Set<string>(['like', 'repost', 'follow']);

const isAlertType = (type: string): type is AlertType => (ALERT_TYPES as readonly string[]).includes(type);

/** Which push switch an alert answers to: its own type, or `notice` for the Cloud 9 team's alerts. */
export const pushTypeOf = (alert: UserAlert): PushType => (isAlertType(alert.type) ? alert.type : 'notice');

/** The alert's group, keyed as the grouped list keys it ('like:12', 'follow:2026-11-23', 'reply:345'). */
export function groupKey(alert: UserAlert): string {
  if (alert.type === 'like' || alert.type === 'repost') return `${alert.type}:${alert.post_id}`;
  if (alert.type === 'follow') return `follow:${alert.createdAt.slice(0, 10)}`;
  return `${alert.type}:${alert.id}`;
}

/**
 * A Topic for a group (RFC 8030: at most 32 characters of base64url): an HMAC of its key, so the push
 * service, which sees the header, learns nothing of the post or the day.
 */
export const topicOf = (key: string, secret: string): string => createHmac('sha256', secret).update(`push-topic:${key}`).digest('base64url').slice(0, 32);

/**
 * The push of a raised alert: "Bob liked your post", or with the group's size "Bob and 3 others liked
 * your post" under the group's Topic and tag (the newer replaces the older, at the push service and on
 * the device); replies and mentions are `high` urgency. The URL opens the post, the follower's profile,
 * or the notifications.
 */
export function alertMessage(alert: UserAlert, groupActors: number, unseen: number, topicSecret: string): PushMessage {
  const key = groupKey(alert);
  const grouped = GROUPED.has(alert.type);
  const actor = alert.actor_name?.trim() || alert.actor_username || '';
  const others = Math.max(0, groupActors - 1);
  const body = isAlertType(alert.type) && grouped && others > 0 ? MESSAGES.alerts[alert.type](MESSAGES.alertGroups.actors(actor, others)) : alert.message;
  const url =
    alert.post_id !== null ? `/post/${alert.post_id}` : alert.type === 'follow' && others === 0 && alert.actor_username ? `/profile/${alert.actor_username}` : '/notifications';
  const team = !isAlertType(alert.type);
  return {
    payload: { title: team ? MESSAGES.push.teamTitle : MESSAGES.push.alertTitle, body, url, unseen, tag: key },
    ttlSeconds: team ? NOTICE_TTL_SECONDS : ALERT_TTL_SECONDS,
    urgency: alert.type === 'reply' || alert.type === 'mention' ? 'high' : 'normal',
    topic: grouped ? topicOf(key, topicSecret) : null,
  };
}

/** The push of a staff notice: its text's start, opening the Cloud 9 screen; kept 7 days for an offline device. */
export function noticeMessage(noticeId: number, body: string, unseen: number): PushMessage {
  return {
    payload: { title: MESSAGES.push.noticeTitle, body, url: '/cloud9', unseen, tag: `notice:${noticeId}` },
    ttlSeconds: NOTICE_TTL_SECONDS,
    urgency: 'normal',
    topic: null,
  };
}

/** A notice's text as its push carries it. */
export const noticeBody = (content: string): string => truncateForDisplay(content.trim(), NOTICE_BODY_CHARS).text;

/** The longest message text a push carries. */
const DM_BODY_CHARS = 180;

/**
 * The push of a direct message: the sender's name (a request says so), and the text's start unless
 * the recipient hides it ("New message"); one per conversation on the device (its tag), opening it.
 */
export function directMessage(message: DmMessage, senderName: string, request: boolean, hideText: boolean, unseen: number): PushMessage {
  const content = message.text ? truncateForDisplay(message.text.trim(), DM_BODY_CHARS).text : message.gif ? DM_MESSAGES.pushGif : DM_MESSAGES.pushFile;
  return {
    payload: {
      title: request ? DM_MESSAGES.pushTitleRequest : senderName,
      body: hideText ? (request ? senderName : DM_MESSAGES.pushHiddenBody) : request ? `${senderName}: ${content}` : content,
      url: `/messages/${message.conversationId}`,
      unseen,
      tag: `dm:${message.conversationId}`,
    },
    ttlSeconds: ALERT_TTL_SECONDS,
    urgency: 'high',
    topic: null,
  };
}

/** Settings' "Send a test notification". */
export function testMessage(unseen: number): PushMessage {
  return {
    payload: { title: MESSAGES.push.testTitle, body: MESSAGES.push.testBody, url: '/settings', unseen, tag: 'test' },
    ttlSeconds: TEST_TTL_SECONDS,
    urgency: 'high',
    topic: null,
  };
}
