/**
 * The catalogue's messages of Web Push (MESSAGES.push): a device's subscription, its refusals, and
 * what the pushes themselves say. A section of its own so parallel work on the
 * catalogue does not collide.
 */
export const PUSH_MESSAGES = {
  /** 400s of POST /api/push/subscriptions (and of the other routes' `endpoint`). */
  invalidEndpoint: 'The push endpoint must be an https URL of at most 2,048 characters.',
  privateEndpoint: 'This push endpoint is not allowed: it points at a private or local address.',
  invalidKeys: 'The subscription must carry keys p256dh and auth.',
  invalidP256dh: 'The key p256dh must be an uncompressed P-256 public key (65 bytes) in base64url.',
  invalidAuth: 'The secret auth must be 16 bytes in base64url.',
  /** 404 of POST /api/push/test. */
  subscriptionNotFound: 'This device is not subscribed to notifications.',
  /** 429 of POST /api/push/test. */
  tooManyTests: 'Too many test notifications. Please wait a minute.',
  /** The push PUT /api/notifications/settings takes under `push`. */
  unknownPushSetting: 'Only like, reply, repost, follow, mention and notice can be set under push.',
  /** What the pushes say. */
  testTitle: 'Test notification from Cloud 9',
  testBody: 'Notifications reach this device.',
  alertTitle: 'Cloud 9 Social',
  noticeTitle: 'News from the Cloud 9 team',
  teamTitle: 'Cloud 9 team',
} as const;
