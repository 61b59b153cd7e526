import type { PushSubscriptionBody } from '@cloud9/contracts';
import { deletePushSubscription, fetchPushKey, savePushSubscription, sendTestPush } from '../../api/push';

/** The browser's notification permission, or `unsupported` where it cannot show pushes from this site. */
export type DevicePermission = NotificationPermission | 'unsupported';

/** Whether this browser can take a push subscription and show its notifications (not a plain iPhone tab). */
const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof window.Notification === 'function';

export const devicePermission = (): DevicePermission => (pushSupported() ? Notification.permission : 'unsupported');

/** How long turning on waits for the service worker (registered when the app is idle) before giving up. */
const WORKER_WAIT_MS = 10_000;

/** The app's service worker registration, waiting for it a while if it is still being installed. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error('No service worker')), WORKER_WAIT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's push subscription, if it has one (null without a service worker: nothing was ever subscribed). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

/** The VAPID key as the bytes `applicationServerKey` takes (the server sends it base64url, unpadded). */
function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The push subscription has no keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Turns pushes on for this device: the browser asks its owner (answered `refused` when they say no),
 * the push service gives a subscription for the server's key (one for another key is replaced), and
 * the server keeps it for the signed-in account.
 */
export async function turnOnPush(): Promise<PushSubscription | 'refused'> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'refused';
  const [worker, { publicKey }] = await Promise.all([registration(), fetchPushKey()]);
  const key = base64UrlBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(subscriptionBody(subscription));
  return subscription;
}

/** Turns pushes off for this device: the browser drops the subscription and the server forgets it. */
export async function turnOffPush(subscription: PushSubscription): Promise<void> {
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await deletePushSubscription(endpoint);
}

export const sendTestNotification = (subscription: PushSubscription) => sendTestPush(subscription.endpoint);
