import { act } from '@testing-library/react';
import { LIMITS, SocketErrors, type SystemNotice, type UserAlert } from '@cloud9/contracts';
import { RealtimeConnection } from './RealtimeConnection';
import { subscribeRealtime } from '../realtime/bus';
import { setSocketFactory } from '../realtime/socket';
import { sendTyping } from '../realtime/outgoing';
import { alertsKeys, noticesKeys } from './notifications';
import { pageItems, type PagedData } from './paging';
import { useNotificationsStore } from '../stores/notifications';
import { useSessionStore } from '../stores/session';
import { jsonResponse, pagedData, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../test/utils';
import { FakeSocket, makeAlert, makeNotice, status } from '../test/notifications';
import { page } from '../test/posts';

const statusCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/notifications/status');

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('realtime connection', () => {
  let socket: FakeSocket;
  let calls: FetchCall[];

  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
    socket = new FakeSocket();
    setSocketFactory(() => socket.asSocket());
    calls = stubFetch(() => jsonResponse(status({ latestUserAlert: '2025-06-01T10:00:00.000Z' })));
    setSession(testUser());
  });

  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  const flush = () => act(async () => undefined);

  it('account:updated moves the stored user to the new group and loads its limits (a plan bought or ended elsewhere)', async () => {
    const silver = { id: 6, name: 'Silver', postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true };
    const basic = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
    calls = stubFetch((url) => (url === '/api/group/6' ? jsonResponse(silver) : url === '/api/group/5' ? jsonResponse(basic) : jsonResponse(status({}))));
    renderAt(<RealtimeConnection />);
    act(() => socket.serverConnect());
    await flush();
    act(() => void socket.emit('account:updated', { group_id: 6 }));
    await flush();
    expect(useSessionStore.getState().currentUser?.group_id).toBe(6);
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}').group_id).toBe(6);
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(500);
    act(() => void socket.emit('account:updated', { group_id: 5 }));
    await flush();
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(300);
    expect(calls.filter((c) => c.url.startsWith('/api/group/')).map((c) => c.url)).toEqual(['/api/group/6', '/api/group/5']);
  });

  it('every connect reads the account again, so a move to another group pushed while the socket was not open still applies', async () => {
    const gold = { id: 7, name: 'Gold', postLimit: 1000, mediaLimit: 8192, editTimeout: 60, priorityBoost: true };
    setSession(testUser({ group_id: 5 }));
    calls = stubFetch((url) => (url === '/api/me' ? jsonResponse(testUser({ group_id: 7 })) : url === '/api/group/7' ? jsonResponse(gold) : jsonResponse(status({}))));
    renderAt(<RealtimeConnection />);
    expect(calls.map((c) => c.url)).not.toContain('/api/me');
    act(() => socket.serverConnect());
    await flush();
    await flush();
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/notifications/status', '/api/me', '/api/group/7']));
    expect(useSessionStore.getState().currentUser?.group_id).toBe(7);
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(1000);
  });

  it('connects the socket while signed in and closes it on sign-out', async () => {
    renderAt(<RealtimeConnection />);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount('alert:new')).toBe(1);
    act(() => socket.serverConnect());
    await flush();
    expect(useNotificationsStore.getState().alertsDot).toBe(true);

    act(() => useSessionStore.getState().clearSession());
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount('alert:new')).toBe(0);
  });

  it('a pushed alert lights the dot at once, joins the cached alert list and reaches the screens through the bus', () => {
    const heard = vi.fn();
    const unsubscribe = subscribeRealtime('alert:new', heard);
    const { queryClient } = renderAt(<RealtimeConnection />);
    const alerts = alertsKeys.list(7, '');
    queryClient.setQueryData(alerts, pagedData(page<UserAlert>([])));
    act(() => socket.serverConnect());
    const alert = makeAlert({ createdAt: new Date().toISOString() });
    act(() => void socket.emit('alert:new', alert));
    expect(useNotificationsStore.getState().alertsDot).toBe(true);
    expect(pageItems(queryClient.getQueryData<PagedData<UserAlert>>(alerts))[0]).toEqual(alert);
    expect(heard).toHaveBeenCalledWith(alert);
    unsubscribe();
  });

  it('an alert:sync newer than the newest known alert (its push was lost) lights the dot, refetches the status and tells the screens; an older or equal one does nothing', async () => {
    const seen = '2025-06-01T10:00:00.000Z';
    calls = stubFetch(() => jsonResponse(status({ latestUserAlert: seen, lastSeenUserAlerts: seen })));
    const heard = vi.fn();
    const unsubscribe = subscribeRealtime('alert:sync', heard);
    renderAt(<RealtimeConnection />);
    act(() => socket.serverConnect());
    await flush();
    expect(useNotificationsStore.getState().alertsDot).toBe(false);
    const before = statusCalls(calls).length;

    act(() => void socket.emit('alert:sync', { latestAlertId: 3, latestAlertAt: seen }));
    act(() => void socket.emit('alert:sync', { latestAlertId: 2, latestAlertAt: '2025-06-01T09:00:00.000Z' }));
    await flush();
    expect(statusCalls(calls)).toHaveLength(before);
    expect(heard).not.toHaveBeenCalled();
    expect(useNotificationsStore.getState().alertsDot).toBe(false);

    const newer = { latestAlertId: 4, latestAlertAt: '2025-06-01T10:00:05.000Z' };
    act(() => void socket.emit('alert:sync', newer));
    await flush();
    expect(useNotificationsStore.getState()).toMatchObject({ alertsDot: true, latestUserAlert: newer.latestAlertAt });
    expect(statusCalls(calls)).toHaveLength(before + 1);
    expect(heard).toHaveBeenCalledWith(newer);
    // The socket never dropped: no polling started.
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 2));
    expect(statusCalls(calls)).toHaveLength(before + 1);
    unsubscribe();
  });

  it('notices: created lights the notices dot; created, updated and deleted change the cached list', () => {
    const { queryClient } = renderAt(<RealtimeConnection />);
    const notices = noticesKeys.list('');
    queryClient.setQueryData(notices, pagedData(page<SystemNotice>([])));
    const cached = () => pageItems(queryClient.getQueryData<PagedData<SystemNotice>>(notices));
    act(() => socket.serverConnect());
    act(() => void socket.emit('notice:created', makeNotice({ id: 5, content: 'v1', createdAt: new Date().toISOString() })));
    expect(useNotificationsStore.getState().noticesDot).toBe(true);
    act(() => void socket.emit('notice:updated', makeNotice({ id: 5, content: 'v2' })));
    expect(cached()[0].content).toBe('v2');
    act(() => void socket.emit('notice:deleted', { id: 5 }));
    expect(cached()).toEqual([]);
  });

  it('drops an alert:new whose id the tab already took (a replay, a hand-over between tabs): the screens hear it once', () => {
    const heard = vi.fn();
    const unsubscribe = subscribeRealtime('alert:new', heard);
    renderAt(<RealtimeConnection />);
    act(() => socket.serverConnect());
    const alert = makeAlert({ id: 31, createdAt: new Date().toISOString() });
    act(() => void socket.emit('alert:new', alert));
    act(() => void socket.emit('alert:new', { ...alert }));
    act(() => void socket.emit('alert:new', makeAlert({ id: 32, createdAt: new Date().toISOString() })));
    expect(heard.mock.calls.map(([a]) => (a as UserAlert).id)).toEqual([31, 32]);
    unsubscribe();
  });

  it('reports page:visible on every (re)connect and when the tab’s visibility changes, and only then', async () => {
    const emit = vi.spyOn(socket, 'emit');
    const reports = () => emit.mock.calls.filter(([event]) => event === 'page:visible').map(([, visible]) => visible);
    renderAt(<RealtimeConnection />);
    setVisibility('hidden'); // not connected yet: nothing to tell
    expect(reports()).toEqual([]);
    act(() => socket.serverConnect());
    setVisibility('visible');
    setVisibility('visible'); // no change
    setVisibility('hidden');
    act(() => socket.drop());
    act(() => socket.serverConnect());
    expect(reports()).toEqual([false, true, false, false]);
  });

  it('sends dm:typing over the socket while it is connected, and nothing while it is not', async () => {
    const emit = vi.spyOn(socket, 'emit');
    const typing = () => emit.mock.calls.filter(([event]) => event === 'dm:typing').map(([, payload]) => payload);
    const { unmount } = renderAt(<RealtimeConnection />);
    sendTyping(4);
    act(() => socket.serverConnect());
    sendTyping(5);
    act(() => socket.drop());
    sendTyping(6);
    expect(typing()).toEqual([{ conversationId: 5 }]);
    unmount();
    sendTyping(7);
    expect(typing()).toEqual([{ conversationId: 5 }]);
  });

  it('fetches the status once on every (re)connect', async () => {
    renderAt(<RealtimeConnection />);
    act(() => socket.serverConnect());
    await flush();
    const afterConnect = statusCalls(calls).length;
    act(() => socket.drop());
    act(() => socket.serverConnect());
    await flush();
    expect(statusCalls(calls).length).toBe(afterConnect + 1);
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 3));
    expect(statusCalls(calls).length).toBe(afterConnect + 1);
  });

  it('server:draining (a deploy) drops the connection and reconnects without the back-off once, then catches up on the status', async () => {
    const forwarded: unknown[] = [];
    subscribeRealtime('server:draining', () => forwarded.push('server:draining'));
    renderAt(<RealtimeConnection />);
    act(() => socket.serverConnect());
    await flush();
    const afterConnect = statusCalls(calls).length;
    act(() => void socket.emit('server:draining'));
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
    expect(socket.connected).toBe(false);
    expect(socket.io.delay).toBe(0);
    // A failed first attempt backs off as usual again.
    act(() => socket.reconnectAttempt());
    expect(socket.io.delay).toBe(1000);
    act(() => socket.serverConnect());
    await flush();
    expect(statusCalls(calls).length).toBe(afterConnect + 1);
    // About the connection only: the screens are not told.
    expect(forwarded).toEqual([]);
  });

  it('polls every 5 s only while the socket is down and the tab visible, and stops when it reconnects', async () => {
    renderAt(<RealtimeConnection />);
    // Signing in checks at once (the socket is still connecting), and the connect checks once more.
    await flush();
    expect(statusCalls(calls)).toHaveLength(1);
    act(() => socket.serverConnect());
    await flush();
    expect(statusCalls(calls)).toHaveLength(2);

    // Connected: no polling.
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 2));
    expect(statusCalls(calls)).toHaveLength(2);

    // Down: the last check is older than 5 s, so one at once, then one per 5 s.
    act(() => socket.drop());
    await flush();
    expect(statusCalls(calls)).toHaveLength(3);
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs - 1));
    expect(statusCalls(calls)).toHaveLength(3);
    await act(async () => vi.advanceTimersByTime(1));
    expect(statusCalls(calls)).toHaveLength(4);

    // Hidden tab: no polling.
    act(() => setVisibility('hidden'));
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 3));
    expect(statusCalls(calls)).toHaveLength(4);

    // Visible again after a while: checks at once, then every 5 s.
    act(() => setVisibility('visible'));
    await flush();
    expect(statusCalls(calls)).toHaveLength(5);
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs));
    expect(statusCalls(calls)).toHaveLength(6);

    // Reconnected: one status fetch, then polling stops.
    act(() => socket.serverConnect());
    await flush();
    expect(statusCalls(calls)).toHaveLength(7);
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 4));
    expect(statusCalls(calls)).toHaveLength(7);
  });

  it('when the socket never connects, the poller keeps the dot current', async () => {
    renderAt(<RealtimeConnection />);
    await flush();
    expect(statusCalls(calls)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs));
    expect(statusCalls(calls)).toHaveLength(2);
    expect(useNotificationsStore.getState().alertsDot).toBe(true);
  });

  it('a 401 from the status poll signs out, which closes the socket', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'Not signed in.', statusCode: 401 }, 401));
    renderAt(<RealtimeConnection />);
    await flush();
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it("after 'Unavailable' the socket is tried again once a poll shows the session works; after 'Unauthorized' it is not", async () => {
    renderAt(<RealtimeConnection />);
    await flush();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    act(() => socket.refuse(SocketErrors.unavailable));
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs));
    expect(socket.connect).toHaveBeenCalledTimes(2);

    act(() => socket.refuse(SocketErrors.unauthorized));
    await act(async () => vi.advanceTimersByTime(LIMITS.notificationPollMs * 2));
    expect(socket.connect).toHaveBeenCalledTimes(2);
  });
});
