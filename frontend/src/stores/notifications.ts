import { create } from 'zustand';
import { shouldShowDot, type AlertSync, type NotificationStatus, type SystemNotice, type UserAlert } from '@cloud9/contracts';
import { markNotificationsSeen, type SeenKind } from '../api/notifications';
import { persisted } from '../lib/persisted';

type Timestamps = NotificationStatus;

/**
 * The notification dots and the timestamps they are derived from. The pushed alerts and notices
 * themselves go to the query cache (queries/notifications.ts); here they only move the times.
 */
interface NotificationsState extends Timestamps {
  userId: number | null;
  /** Derived by the dot rule (contracts shouldShowDot) on every change. */
  alertsDot: boolean;
  noticesDot: boolean;
  /** Signs the store in: reads the cached newest-item timestamps so the dot shows before the server answers. */
  start: (userId: number) => void;
  applyStatus: (status: Partial<NotificationStatus>) => void;
  alertArrived: (alert: UserAlert) => void;
  /**
   * The server's periodic word on the newest alert: when it is newer than any this client knows of
   * (a push was lost), records its time (the dot lights, with no request) and answers true so the
   * caller catches up on the rest; otherwise changes nothing and answers false.
   */
  alertSynced: (sync: AlertSync) => boolean;
  noticeArrived: (notice: SystemNotice) => void;
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

function write(item: { set: (value: string) => void; remove: () => void }, value: string | null): void {
  if (value) item.set(value);
  else item.remove();
}

/** Mirrors the timestamps to their storage keys (contracts STORAGE_KEYS). */
function mirror(userId: number | null, t: Timestamps): void {
  write(persisted.latestUserAlert, t.latestUserAlert);
  write(persisted.latestSystemNotice, t.latestSystemNotice);
  if (userId === null) return;
  write(persisted.lastSeenUserAlerts(userId), t.lastSeenUserAlerts);
  write(persisted.lastSeenSystemNotices(userId), t.lastSeenSystemNotices);
}

const pick = (s: Timestamps): Timestamps => ({
  latestUserAlert: s.latestUserAlert,
  latestSystemNotice: s.latestSystemNotice,
  lastSeenUserAlerts: s.lastSeenUserAlerts,
  lastSeenSystemNotices: s.lastSeenSystemNotices,
});

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
    start: (userId) => {
      if (get().userId === userId) return;
      const cached: Timestamps = {
        latestUserAlert: persisted.latestUserAlert.get(),
        latestSystemNotice: persisted.latestSystemNotice.get(),
        lastSeenUserAlerts: persisted.lastSeenUserAlerts(userId).get(),
        lastSeenSystemNotices: persisted.lastSeenSystemNotices(userId).get(),
      };
      set({ userId, ...cached, ...dotsOf(cached) });
    },
    applyStatus: (status) => update(status),
    alertArrived: (alert) => update({ latestUserAlert: alert.createdAt }),
    alertSynced: ({ latestAlertAt }) => {
      const known = get().latestUserAlert;
      if (laterOf(known, latestAlertAt) === known) return false;
      update({ latestUserAlert: latestAlertAt });
      return true;
    },
    noticeArrived: (notice) => update({ latestSystemNotice: notice.createdAt }),
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
      persisted.latestUserAlert.remove();
      persisted.latestSystemNotice.remove();
      set({ ...EMPTY, ...dotsOf(EMPTY), userId: null });
    },
  };
});

export const selectHasUnseen = (s: NotificationsState) => s.alertsDot || s.noticesDot;
export const selectAlertsDot = (s: NotificationsState) => s.alertsDot;
export const selectNoticesDot = (s: NotificationsState) => s.noticesDot;
