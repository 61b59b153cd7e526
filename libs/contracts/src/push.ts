/**
 * Web Push (decision 0096): the wire shapes of a device's subscription and of what a push carries.
 * The browser's PushSubscription.toJSON() is the body of POST /api/push/subscriptions as it is.
 */
import * as z from 'zod/mini';
import { PUSH_MESSAGES } from './push-messages';

export const PUSH_RULES = {
  /** The longest endpoint URL accepted, in UTF-16 units. */
  endpointMax: 2048,
  /** Subscriptions one account keeps; a new one beyond drops the oldest. */
  perAccountMax: 20,
  /** Bytes of the keys, decoded: the uncompressed P-256 point and the auth secret. */
  p256dhBytes: 65,
  authBytes: 16,
} as const;

/** How many bytes a base64url text (with or without its padding) decodes to; -1 when it is not base64url. */
export function base64urlBytes(value: string): number {
  const unpadded = value.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return -1;
  if (value.length !== unpadded.length && value.length % 4 !== 0) return -1;
  return Math.floor((unpadded.length * 3) / 4);
}

/** An endpoint: an http(s) URL of at most PUSH_RULES.endpointMax units (the server refuses http: and private targets itself). */
const endpoint = z.string({ error: PUSH_MESSAGES.invalidEndpoint }).check(
  z.maxLength(PUSH_RULES.endpointMax, { error: PUSH_MESSAGES.invalidEndpoint }),
  z.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: PUSH_MESSAGES.invalidEndpoint }),
);

/** p256dh: 65 bytes, the first 0x04 (uncompressed), so its text starts with 'B'. */
const p256dh = z.string({ error: PUSH_MESSAGES.invalidP256dh }).check(
  z.maxLength(100, { error: PUSH_MESSAGES.invalidP256dh }),
  z.refine((value) => value.startsWith('B') && base64urlBytes(value) === PUSH_RULES.p256dhBytes, { error: PUSH_MESSAGES.invalidP256dh }),
);

const auth = z.string({ error: PUSH_MESSAGES.invalidAuth }).check(
  z.maxLength(32, { error: PUSH_MESSAGES.invalidAuth }),
  z.refine((value) => base64urlBytes(value) === PUSH_RULES.authBytes, { error: PUSH_MESSAGES.invalidAuth }),
);

/** POST /api/push/subscriptions: PushSubscription.toJSON() (its expirationTime, if sent, is dropped). */
export const PushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh, auth }, { error: PUSH_MESSAGES.invalidKeys }),
});
export type PushSubscriptionBody = z.output<typeof PushSubscriptionBody>;

/** DELETE /api/push/subscriptions and POST /api/push/test: which of the caller's subscriptions. */
export const PushEndpointBody = z.object({ endpoint });
export type PushEndpointBody = z.output<typeof PushEndpointBody>;

/** GET /api/push/key: the VAPID public key (the uncompressed P-256 point, base64url) for PushManager.subscribe's applicationServerKey. */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.output<typeof PushKey>;

/**
 * What every push carries, encrypted (aes128gcm), as JSON: what the service worker shows. `url` is
 * the app path to open on a click; `unseen` the member's unseen alert count (at most 99, the badge);
 * `tag` the notification's tag: pushes of one alert group share it (and their Topic), so a newer one
 * replaces the one shown ("Bob and 3 others liked your post").
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  unseen: number;
  tag: string;
}
