/**
 * Web Push: the wire shapes of a browser's push subscription and the device's settings screen's words.
 * The endpoint is a URL the push service gave the browser; the keys are the subscription's P-256 public key
 * and its auth secret, both base64url as `PushSubscription.toJSON()` gives them.
 */
import * as z from 'zod/mini';
import { textAtMost } from './schema-kit';
import type { NotificationSettings } from './types';

/** The alert types with a push switch each (NotificationSettings.push), staff notices included. */
export const PUSH_TYPES = ['like', 'reply', 'repost', 'follow', 'mention', 'notice'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export const PUSH_MESSAGES = {
  /** Settings: "Notifications on this device". */
  title: 'Notifications on this device',
  explain: 'Get a notification on this device when the app is closed. Which kinds are sent follows the push switches under Notifications.',
  permission: {
    default: 'Not turned on yet: your browser will ask for permission.',
    granted: 'Allowed in this browser.',
    denied: 'Blocked in this browser. Allow notifications for this site in your browser settings to turn them on.',
    unsupported: 'This browser cannot show notifications from this site. On an iPhone, add Cloud 9 to the home screen first.',
  },
  subscribed: 'On for this device.',
  notSubscribed: 'Off for this device.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off notifications',
  sendTest: 'Send a test notification',
  turnedOn: 'Notifications are on for this device.',
  turnedOff: 'Notifications are off for this device.',
  testSent: 'Test notification sent. It should arrive in a moment.',
  turnOnFailed: 'Could not turn on notifications on this device. Please try again.',
  turnOffFailed: 'Could not turn off notifications on this device. Please try again.',
  testFailed: 'Could not send a test notification. Please try again.',
  permissionRefused: 'Notifications were not allowed, so they stay off.',
  /** The push column of the notification settings. */
  pushLegend: 'Push notifications',
  pushIntro: 'Which of them may also reach your devices as push notifications.',
  pushLabels: { like: 'Push likes', reply: 'Push replies', repost: 'Push reposts', follow: 'Push follows', mention: 'Push mentions', notice: 'Push staff notices' } satisfies Record<PushType, string>,
  invalidEndpoint: 'A push subscription needs its endpoint URL.',
  invalidKeys: "A push subscription needs its browser's keys (p256dh and auth).",
} as const;

/** A push subscription's URL or key: bounded, so no request can be made expensive to store. */
const ENDPOINT_MAX = 2048;
const KEY_MAX = 256;

/** GET /api/push/key: the server's VAPID public key (base64url, the browser's applicationServerKey). */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.output<typeof PushKey>;

/** DELETE /api/push/subscriptions and POST /api/push/test: the device's subscription, by its endpoint. */
export const PushEndpointBody = z.object({ endpoint: textAtMost(ENDPOINT_MAX, PUSH_MESSAGES.invalidEndpoint) });
export type PushEndpointBody = z.output<typeof PushEndpointBody>;

/** POST /api/push/subscriptions: `PushSubscription.toJSON()` less its expirationTime. */
export const PushSubscriptionBody = z.object({
  ...PushEndpointBody.shape,
  keys: z.object({ p256dh: textAtMost(KEY_MAX, PUSH_MESSAGES.invalidKeys), auth: textAtMost(KEY_MAX, PUSH_MESSAGES.invalidKeys) }, { error: PUSH_MESSAGES.invalidKeys }),
});
export type PushSubscriptionBody = z.output<typeof PushSubscriptionBody>;

/** NotificationSettings.push: which alert types may reach the member's devices as push notifications. */
export const PushSettings = z.object({
  like: z.boolean(),
  reply: z.boolean(),
  repost: z.boolean(),
  follow: z.boolean(),
  mention: z.boolean(),
  notice: z.boolean(),
});
export type PushSettings = Record<PushType, boolean>;

/** GET /api/notifications/settings as the client reads it: the alert switches and, from a server that pushes, the push switches. */
export type NotificationSettingsWithPush = NotificationSettings & { push?: PushSettings };

/** PUT /api/notifications/settings {push}: any of the push switches, each a JSON boolean. */
export const PushSettingsBody = z.partial(z.strictObject(PushSettings.shape));

/**
 * What the server pushes (the decrypted payload the service worker reads): the notification's title and
 * body, the app URL to open on a click, the unseen count for the app badge, and a tag that groups
 * alerts about one thing into one notification.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  unseen: number;
  tag?: string;
}
