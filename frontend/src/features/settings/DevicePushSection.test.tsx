import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { PUSH_UI_MESSAGES as M } from '@cloud9/contracts';
import { DevicePushSection } from './DevicePushSection';
import { alertTexts, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.net/send/abc';

/** A browser's push subscription as PushManager gives it. */
function fakeSubscription(endpoint = ENDPOINT) {
  return {
    endpoint,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** A browser with notifications and a service worker whose push manager holds `existing`. */
function fakeBrowser(permission: NotificationPermission, existing: ReturnType<typeof fakeSubscription> | null = null, answer: NotificationPermission = 'granted') {
  let held = existing;
  const pushManager = {
    getSubscription: vi.fn(async () => held),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      held = fakeSubscription();
      held.options.applicationServerKey = (options.applicationServerKey as Uint8Array).buffer as ArrayBuffer;
      return held;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = Object.assign(function Notification() {}, { permission, requestPermission });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), ready: Promise.resolve(registration) },
  });
  return { pushManager, requestPermission };
}

const section = () => renderAt(<DevicePushSection />, '/settings');

describe('Settings: Notifications on this device', () => {
  beforeEach(() => setSession(testUser()));
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  });

  it('says when the browser cannot show pushes, and offers nothing to press', () => {
    stubFetch(() => jsonResponse({}, 404));
    section();
    expect(screen.getByText(M.permission.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns on: asks permission, subscribes with the server key, and hands the subscription to the server', async () => {
    const { pushManager, requestPermission } = fakeBrowser('default');
    const calls = stubFetch((url, init) => {
      if (url === '/api/push/key') return jsonResponse({ publicKey: KEY });
      if (url === '/api/push/subscriptions' && init.method === 'POST') return jsonResponse({ success: true }, 201);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    section();
    expect(screen.getByText(M.permission.default)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: M.turnOn }));
    await screen.findByRole('button', { name: M.sendTest });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    // The base64url key as its 65 bytes: an uncompressed P-256 point.
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect((options.applicationServerKey as Uint8Array)[0]).toBe(4);
    const saved = calls.find((c) => c.url === '/api/push/subscriptions');
    expect(JSON.parse(String(saved?.init.body))).toEqual({ endpoint: ENDPOINT, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } });
    expect(screen.getByText(new RegExp(M.permission.granted))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(M.subscribed))).toBeInTheDocument();
  });

  it('stays off when the member does not allow notifications', async () => {
    const { pushManager } = fakeBrowser('default', null, 'denied');
    const calls = stubFetch(() => jsonResponse({}, 404));
    const user = userEvent.setup();
    section();
    await user.click(await screen.findByRole('button', { name: M.turnOn }));
    await screen.findByText(M.permission.denied);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(screen.queryByRole('button', { name: M.turnOn })).toBeNull();
  });

  it('sends a test push to this device, and turns off (the browser and the server forget the subscription)', async () => {
    const existing = fakeSubscription();
    fakeBrowser('granted', existing);
    const calls = stubFetch((url) => {
      if (url === '/api/push/test') return jsonResponse({ success: true }, 202);
      if (url === '/api/push/subscriptions') return jsonResponse({ success: true });
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    section();
    await user.click(await screen.findByRole('button', { name: M.sendTest }));
    await waitFor(() => expect(alertTexts()).toContain(M.testSent));
    expect(calls.map((c) => [c.init.method, c.url, JSON.parse(String(c.init.body))])).toEqual([['POST', '/api/push/test', { endpoint: ENDPOINT }]]);

    await user.click(screen.getByRole('button', { name: M.turnOff }));
    await screen.findByRole('button', { name: M.turnOn });
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)).toMatchObject({ url: '/api/push/subscriptions', init: { method: 'DELETE', body: JSON.stringify({ endpoint: ENDPOINT }) } });
    expect(within(document.body).getByText(new RegExp(M.notSubscribed))).toBeInTheDocument();
  });

  it('says so when the server refuses the test', async () => {
    fakeBrowser('granted', fakeSubscription());
    stubFetch(() => jsonResponse({ success: false, error: 'That subscription is not known.', statusCode: 404 }, 404));
    const user = userEvent.setup();
    section();
    await user.click(await screen.findByRole('button', { name: M.sendTest }));
    await waitFor(() => expect(alertTexts()).toContain('That subscription is not known.'));
  });
});
