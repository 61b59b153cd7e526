import { laterOf, useNotificationsStore } from './notifications';
import { jsonResponse, stubFetch } from '../test/utils';
import { makeAlert, makeNotice, status } from '../test/notifications';

const T1 = '2025-06-01T10:00:00.000Z';
const T2 = '2025-06-01T11:00:00.000Z';
const T3 = '2025-06-01T12:00:00.000Z';
const store = () => useNotificationsStore.getState();

describe('notifications store', () => {
  beforeEach(() => store().start(7));

  it('applies the dot rule: newest later than last seen, or nothing seen yet; invalid dates never light', () => {
    store().applyStatus(status({ latestUserAlert: T2 }));
    expect(store()).toMatchObject({ alertsDot: true, noticesDot: false });
    store().applyStatus(status({ lastSeenUserAlerts: T2 }));
    expect(store().alertsDot).toBe(false);
    store().applyStatus(status({ latestSystemNotice: T3, lastSeenSystemNotices: T1 }));
    expect(store().noticesDot).toBe(true);
    store().reset();
    store().start(7);
    store().applyStatus(status({ latestUserAlert: 'not a date' }));
    expect(store().alertsDot).toBe(false);
  });

  it('mirrors the timestamps to their storage keys, last-seen ones per user', () => {
    store().applyStatus({ latestUserAlert: T3, latestSystemNotice: T2, lastSeenUserAlerts: T1, lastSeenSystemNotices: T2 });
    expect(localStorage.getItem('latestUserAlert')).toBe(T3);
    expect(localStorage.getItem('latestSystemNotice')).toBe(T2);
    expect(localStorage.getItem('lastSeenUserAlerts_7')).toBe(T1);
    expect(localStorage.getItem('lastSeenSystemNotices_7')).toBe(T2);
  });

  it('reads the cached timestamps when a user starts, so the dot shows before the server answers', () => {
    store().reset();
    localStorage.setItem('latestSystemNotice', T3);
    localStorage.setItem('lastSeenSystemNotices_9', T2);
    store().start(9);
    expect(store()).toMatchObject({ latestSystemNotice: T3, lastSeenSystemNotices: T2, noticesDot: true, userId: 9 });
  });

  // That the pushed alerts themselves join the page's list, newest first, is the cache's part: queries/realtimeUpdates.test.ts.
  it('a pushed alert lights the dot at once', () => {
    store().applyStatus(status({ latestUserAlert: T1, lastSeenUserAlerts: T1 }));
    expect(store().alertsDot).toBe(false);
    store().alertArrived(makeAlert({ id: 1, createdAt: T2 }));
    store().alertArrived(makeAlert({ id: 2, createdAt: T3 }));
    expect(store().alertsDot).toBe(true);
    expect(store().latestUserAlert).toBe(T3);
    expect(localStorage.getItem('latestUserAlert')).toBe(T3);
  });

  it('an older pushed item never moves the newest time back', () => {
    store().noticeArrived(makeNotice({ id: 1, createdAt: T3 }));
    store().noticeArrived(makeNotice({ id: 2, createdAt: T1 }));
    expect(store().latestSystemNotice).toBe(T3);
    expect(laterOf(null, T1)).toBe(T1);
    expect(laterOf('junk', T1)).toBe(T1);
    expect(laterOf(T2, T1)).toBe(T2);
  });

  it('markSeen clears the dot at once, then POSTs /api/notifications/seen and applies the answer', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true, ...status({ latestSystemNotice: T2, lastSeenSystemNotices: T3 }) }));
    store().applyStatus(status({ latestSystemNotice: T2 }));
    expect(store().noticesDot).toBe(true);
    const done = store().markSeen('notices');
    expect(store().noticesDot).toBe(false);
    await done;
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/notifications/seen');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ kind: 'notices' });
    expect(store().lastSeenSystemNotices).toBe(T3);
    expect(localStorage.getItem('lastSeenSystemNotices_7')).toBe(T3);
  });

  // The lists of the signed-out account leave with the whole query cache: app/QueryProvider.test.tsx.
  it('reset (sign-out) empties the store and drops the cached newest times, keeping per-user last-seen', () => {
    store().applyStatus({ latestUserAlert: T3, latestSystemNotice: T2, lastSeenUserAlerts: T1, lastSeenSystemNotices: T1 });
    store().alertArrived(makeAlert());
    store().reset();
    expect(store()).toMatchObject({ userId: null, alertsDot: false, noticesDot: false, latestUserAlert: null });
    expect(localStorage.getItem('latestUserAlert')).toBeNull();
    expect(localStorage.getItem('latestSystemNotice')).toBeNull();
    expect(localStorage.getItem('lastSeenUserAlerts_7')).toBe(T1);
  });

  it('an alert sync newer than the newest known alert lights the dot and says so; an older or equal one changes nothing', () => {
    store().applyStatus(status({ latestUserAlert: T2, lastSeenUserAlerts: T2 }));
    expect(store().alertsDot).toBe(false);
    expect(store().alertSynced({ latestAlertId: 5, latestAlertAt: T2 })).toBe(false);
    expect(store().alertSynced({ latestAlertId: 4, latestAlertAt: T1 })).toBe(false);
    expect(store().alertSynced({ latestAlertId: 9, latestAlertAt: 'junk' })).toBe(false);
    expect(store()).toMatchObject({ latestUserAlert: T2, alertsDot: false });
    expect(store().alertSynced({ latestAlertId: 6, latestAlertAt: T3 })).toBe(true);
    expect(store()).toMatchObject({ latestUserAlert: T3, alertsDot: true });
    expect(localStorage.getItem('latestUserAlert')).toBe(T3);
    // The same sync again (another sweep, another tab's catch-up) is no news.
    expect(store().alertSynced({ latestAlertId: 6, latestAlertAt: T3 })).toBe(false);
  });

  it('an alert sync before any status is known counts as news', () => {
    store().reset();
    store().start(7);
    expect(store().alertSynced({ latestAlertId: 1, latestAlertAt: T1 })).toBe(true);
    expect(store().alertsDot).toBe(true);
  });
});

