import { create } from 'zustand';
import { STORAGE_KEYS, shouldShowDot, type AlertSync, type NotificationStatus, type SystemNotice, type UserAlert } from '@cloud9/contracts';
import { markNotificationsSeen, type SeenKind } from '../api/notifications';

type Timestamps = NotificationStatus;

/** How many pushed alerts / notices are kept for the Notifications page to prepend. */
const RECENT_LIMIT = 20;

interface NotificationsState extends Timestamps {
  userId: number | null;
  /** Derived by the spec's dot rule (contracts shouldShowDot) on every change. */
  alertsDot: boolean;
  noticesDot: boolean;
  /** Pushed since sign-in, newest first; the Notifications page prepends them live. */
  recentAlerts: UserAlert[];
  recentNotices: SystemNotice[];
  /** Signs the store in: reads the cached timestamps of spec §3 so the dot shows before the server answers. */
  start: (userId: number) => void;
  applyStatus: (status: Partial<NotificationStatus>) => void;
  alertArrived: (alert: UserAlert) => void;
  alertRemoved: (id: number) => void;
  /**
   * The server's periodic word on the newest alert: when it is newer than any this client knows of
   * (a push was lost), records its time (the dot lights, with no request) and answers true so the
   * caller catches up on the rest; otherwise changes nothing and answers false.
   */
  alertSynced: (sync: AlertSync) => boolean;
  noticeArrived: (notice: SystemNotice) => void;
  noticeUpdated: (notice: SystemNotice) => void;
  noticeRemoved: (id: number) => void;
  /** Clears the kind's dot at once, then records it on the server and applies its answer. */
  markSeen: (kind: SeenKind) => Promise<void>;
  /** Sign-out: forget everything, including the cached newest times (they are per user). */
  reset: () => void;
}

const EMPTY: Timestamps = { latestUserAlert: null, latestSystemNotice: null, lastSeenUserAlerts: null, lastSeenSystemNotices: null };

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** The later of two ISO times; an invalid or missing one loses. Timestamps only move forward here. */
export function laterOf(a: string | null | undefined, b: string | null | undefined): string | null {
  const ta = timeOf(a);
  const tb = timeOf(b);
  if (Number.isNaN(ta)) return Number.isNaN(tb) ? null : (b ?? null);
  if (Number.isNaN(tb)) return a ?? null;
  return tb > ta ? (b ?? null) : (a ?? null);
}

const dotsOf = (t: Timestamps) => ({
  alertsDot: shouldShowDot(t.latestUserAlert, t.lastSeenUserAlerts),
  noticesDot: shouldShowDot(t.latestSystemNotice, t.lastSeenSystemNotices),
});

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the in-memory dots still work.
  }
}

/** Mirrors the timestamps to the spec's keys (§3 Notification timestamps). */
function mirror(userId: number | null, t: Timestamps): void {
  write(STORAGE_KEYS.latestUserAlert, t.latestUserAlert);
  write(STORAGE_KEYS.latestSystemNotice, t.latestSystemNotice);
  if (userId === null) return;
  write(STORAGE_KEYS.lastSeenUserAlerts(userId), t.lastSeenUserAlerts);
  write(STORAGE_KEYS.lastSeenSystemNotices(userId), t.lastSeenSystemNotices);
}

const pick = (s: Timestamps): Timestamps => ({
  latestUserAlert: s.latestUserAlert,
  latestSystemNotice: s.latestSystemNotice,
  lastSeenUserAlerts: s.lastSeenUserAlerts,
  lastSeenSystemNotices: s.lastSeenSystemNotices,
});

const prependUnique = <T extends { id: number }>(list: T[], item: T) => [item, ...list.filter((x) => x.id !== item.id)].slice(0, RECENT_LIMIT);

export const useNotificationsStore = create<NotificationsState>()((set, get) => {
  /** Merges new timestamps (each only moves forward), mirrors them and re-derives the dots. */
  const update = (next: Partial<Timestamps>) => {
    const current = pick(get());
    const merged: Timestamps = {
      latestUserAlert: laterOf(current.latestUserAlert, next.latestUserAlert),
      latestSystemNotice: laterOf(current.latestSystemNotice, next.latestSystemNotice),
      lastSeenUserAlerts: laterOf(current.lastSeenUserAlerts, next.lastSeenUserAlerts),
      lastSeenSystemNotices: laterOf(current.lastSeenSystemNotices, next.lastSeenSystemNotices),
    };
    mirror(get().userId, merged);
    set({ ...merged, ...dotsOf(merged) });
  };

  return {
    ...EMPTY,
    userId: null,
    alertsDot: false,
    noticesDot: false,
    recentAlerts: [],
    recentNotices: [],
    start: (userId) => {
      if (get().userId === userId) return;
      const cached: Timestamps = {
        latestUserAlert: read(STORAGE_KEYS.latestUserAlert),
        latestSystemNotice: read(STORAGE_KEYS.latestSystemNotice),
        lastSeenUserAlerts: read(STORAGE_KEYS.lastSeenUserAlerts(userId)),
        lastSeenSystemNotices: read(STORAGE_KEYS.lastSeenSystemNotices(userId)),
      };
      set({ userId, ...cached, ...dotsOf(cached), recentAlerts: [], recentNotices: [] });
    },
    applyStatus: (status) => update(status),
    alertArrived: (alert) => {
      set({ recentAlerts: prependUnique(get().recentAlerts, alert) });
      update({ latestUserAlert: alert.createdAt });
    },
    alertRemoved: (id) => set({ recentAlerts: get().recentAlerts.filter((a) => a.id !== id) }),
    alertSynced: ({ latestAlertAt }) => {
      const known = get().latestUserAlert;
      if (laterOf(known, latestAlertAt) === known) return false;
      update({ latestUserAlert: latestAlertAt });
      return true;
    },
    noticeArrived: (notice) => {
      set({ recentNotices: prependUnique(get().recentNotices, notice) });
      update({ latestSystemNotice: notice.createdAt });
    },
    noticeUpdated: (notice) => set({ recentNotices: get().recentNotices.map((n) => (n.id === notice.id ? notice : n)) }),
    noticeRemoved: (id) => set({ recentNotices: get().recentNotices.filter((n) => n.id !== id) }),
    markSeen: async (kind) => {
      const s = get();
      if (kind === 'alerts') update({ lastSeenUserAlerts: s.latestUserAlert });
      else update({ lastSeenSystemNotices: s.latestSystemNotice });
      try {
        const status = await markNotificationsSeen(kind);
        // A sign-out while the request was out must not bring the old user's times back.
        if (get().userId === s.userId) update(status);
      } catch {
        // Offline or signed out (the client handles 401); the dot stays cleared on this device.
      }
    },
    reset: () => {
      write(STORAGE_KEYS.latestUserAlert, null);
      write(STORAGE_KEYS.latestSystemNotice, null);
      set({ ...EMPTY, ...dotsOf(EMPTY), userId: null, recentAlerts: [], recentNotices: [] });
    },
  };
});

export const selectHasUnseen = (s: NotificationsState) => s.alertsDot || s.noticesDot;
export const selectAlertsDot = (s: NotificationsState) => s.alertsDot;
export const selectNoticesDot = (s: NotificationsState) => s.noticesDot;
