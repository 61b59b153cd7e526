import type { NotificationStatus } from '@cloud9/contracts';

/**
 * Where a connection's news goes: to this tab's stores and bus, and (for the leader tab of a
 * browser whose tabs share one socket, realtime/shared.ts) to the other tabs as well.
 */
export interface RealtimeOutput {
  /** A pushed event; answers true for an `alert:sync` that brought news (the connection then fetches the status). */
  event: (event: string, payload: unknown) => boolean;
  /** The status fetched on a (re)connect or by the fallback poll. */
  status: (status: NotificationStatus) => void;
  /** The socket connected (the tab catches up on what it missed) or dropped. */
  connected: (connected: boolean) => void;
}
