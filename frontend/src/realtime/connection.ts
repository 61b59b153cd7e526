import { SocketErrors, SocketEvents, type ServerToClientEvents } from '@cloud9/contracts';
import { fetchNotificationStatus } from '../api/notifications';
import { applyGroupChange, confirmGroup } from '../stores/sessionSync';
import { useNotificationsStore } from '../stores/notifications';
import { publishRealtime } from './bus';
import { createFallbackPoller } from './poller';
import { createSocket } from './socket';

const notifications = () => useNotificationsStore.getState();

/**
 * What a pushed event does to the client state (dots, session), before the bus hands it to the
 * query cache (queries/realtimeUpdates.ts) and the screens.
 */
const STORE_EFFECTS: { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } = {
  [SocketEvents.alertNew]: (alert) => notifications().alertArrived(alert),
  [SocketEvents.noticeCreated]: (notice) => notifications().noticeArrived(notice),
  [SocketEvents.accountUpdated]: ({ group_id }) => applyGroupChange(group_id),
};

/** `alert:sync` is handled below: it reaches the store and the bus only when it brings news. */
const FORWARDED = Object.values(SocketEvents).filter((event) => event !== SocketEvents.alertSync);

/** Socket.IO's own first reconnect delay (jittered ±50 %), put back once a drain's quick reconnect has started. */
const RECONNECT_DELAY_MS = 1000;

type AnyHandler = (...args: unknown[]) => void;
type LooseEmitter = (event: string, handler: AnyHandler) => void;

/**
 * Opens the signed-in user's socket and keeps the notification dots current: pushed events go to
 * the store and the bus; every (re)connect fetches the status once (to catch what was missed);
 * while the socket is down and the tab visible, the fallback poller fetches it every 5 s; and an
 * `alert:sync` newer than anything known (a push lost while the socket stayed up) lights the dot,
 * fetches the status and tells the bus (the cached alert lists reload). When the server says it is
 * draining (a deploy), the socket reconnects at once, to another instance, instead of after its
 * back-off; the instance it reaches replays what was missed, and the status fetched on connect
 * catches up on the rest.
 * Every connect also reads the account's group again and calls `onConnect` (the cache catches up),
 * as what was pushed while the socket was closed, or not yet open, never arrives.
 * Returns the function that closes it all (sign-out, 401).
 */
export function startRealtime(onConnect?: () => void): () => void {
  const socket = createSocket();
  let stopped = false;
  /** The server said the session is not valid: no retries until the next sign-in (the poll's 401 signs out). */
  let refused = false;
  const controllers = new Set<AbortController>();

  const fetchStatus = () => {
    const controller = new AbortController();
    controllers.add(controller);
    fetchNotificationStatus(controller.signal)
      .then((status) => {
        if (stopped) return;
        notifications().applyStatus(status);
        // The server ended the socket, or refused it while Redis or the database was away, and the
        // client will not retry on its own; the session still works, so try again.
        if (!refused && !socket.connected && socket.active === false) socket.connect();
      })
      .catch(() => {
        // A 401 signs out in the API client (which closes this); other failures wait for the next poll.
      })
      .finally(() => controllers.delete(controller));
  };

  const poller = createFallbackPoller(fetchStatus);
  const handlers: [string, AnyHandler][] = [];
  const on = (event: string, handler: AnyHandler) => {
    handlers.push([event, handler]);
    (socket.on as LooseEmitter)(event, handler);
  };

  on('connect', () => {
    poller.setSocketConnected(true);
    fetchStatus();
    void confirmGroup();
    onConnect?.();
  });
  on('disconnect', () => poller.setSocketConnected(false));
  on('server:draining' satisfies keyof ServerToClientEvents, () => {
    // One attempt without delay; later ones (if that one fails) back off as usual.
    socket.io.reconnectionDelay(0);
    socket.io.once('reconnect_attempt', () => socket.io.reconnectionDelay(RECONNECT_DELAY_MS));
    // Closing our end (not socket.disconnect()) keeps it a dropped connection, which reconnects and recovers.
    socket.io.engine.close();
  });
  on('connect_error', (err) => {
    if (err instanceof Error && err.message === SocketErrors.unauthorized) refused = true;
    poller.setSocketConnected(false);
  });
  on(SocketEvents.alertSync, (payload) => {
    const sync = payload as Parameters<ServerToClientEvents['alert:sync']>[0];
    if (!notifications().alertSynced(sync)) return;
    fetchStatus();
    publishRealtime(SocketEvents.alertSync, sync);
  });
  for (const event of FORWARDED) {
    on(event, (payload) => {
      (STORE_EFFECTS[event] as ((p: unknown) => void) | undefined)?.(payload);
      publishRealtime(event, payload as never);
    });
  }

  poller.start();
  socket.connect();

  return () => {
    stopped = true;
    poller.stop();
    for (const controller of controllers) controller.abort();
    for (const [event, handler] of handlers) (socket.off as LooseEmitter)(event, handler);
    socket.disconnect();
  };
}
