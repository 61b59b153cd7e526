import type { PushType } from './types';

/**
 * The words of the device's notification settings (Settings → "Notifications on this device") and of
 * the push switches. The server's own messages (refusals, what a push says) are MESSAGES.push.
 */
export const PUSH_UI_MESSAGES = {
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
} as const;
