import { SocketErrors, SocketEvents, type ServerToClientEvents, type UserAlert } from '@cloud9/contracts';
import { fetchNotificationStatus } from '../api/notifications';
import { applyGroupChange, confirmGroup } from '../stores/sessionSync';
import { useNotificationsStore } from '../stores/notifications';
import { useSessionStore } from '../stores/session';
import { publishRealtime } from './bus';
import { createFallbackPoller } from './poller';
import { createSocket } from './socket';
import { documentVisibility, type VisibilitySource } from './visibility';
import type { RealtimeOutput } from './output';
import { setSocketTypingSender } from './outgoing';
import { sharedRealtimeEnv, startSharedRealtime } from './shared';

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

/** `alert:sync` is handled apart: it reaches the store and the bus only when it brings news. */
const FORWARDED: readonly string[] = Object.values(SocketEvents).filter((event) => event !== SocketEvents.alertSync);

/** How many alert ids a tab remembers to drop a repeated `alert:new` (a replay, a hand-over between tabs). */
const REMEMBERED_ALERTS = 200;

/** Socket.IO's own first reconnect delay (jittered ±50 %), put back once a drain's quick reconnect has started. */
const RECONNECT_DELAY_MS = 1000;

type AnyHandler = (...args: unknown[]) => void;
type LooseEmitter = (event: string, handler: AnyHandler) => void;

/**
 * One tab's end of the connection, its own socket's or relayed from the leader tab's: pushed events
 * go to the store and the bus (an `alert:new` whose id it has already taken is dropped, so no alert
 * shows twice), an `alert:sync` only when it brings news, and every (re)connect reads the account's
 * group again and calls `onConnect` (the cache catches up), as what was pushed while the socket was
 * closed, or not yet open, never arrives.
 */
function createTabOutput(onConnect?: () => void, onStatus?: () => void): RealtimeOutput {
  const seenAlerts = new Set<number>();
  const firstSight = (id: number) => {
    if (seenAlerts.has(id)) return false;
    seenAlerts.add(id);
    if (seenAlerts.size > REMEMBERED_ALERTS) seenAlerts.delete(seenAlerts.values().next().value!);
    return true;
  };
  return {
    event: (event, payload) => {
      if (event === SocketEvents.alertSync) {
        const sync = payload as Parameters<ServerToClientEvents['alert:sync']>[0];
        if (!notifications().alertSynced(sync)) return false;
        publishRealtime(SocketEvents.alertSync, sync);
        return true;
      }
      if (!FORWARDED.includes(event)) return false;
      if (event === SocketEvents.alertNew && !firstSight((payload as UserAlert).id)) return false;
      const name = event as keyof ServerToClientEvents;
      (STORE_EFFECTS[name] as ((p: unknown) => void) | undefined)?.(payload);
      publishRealtime(name as never, payload as never);
      return false;
    },
    status: (status) => {
      notifications().applyStatus(status);
      onStatus?.();
    },
    connected: (connected) => {
      if (!connected) return;
      void confirmGroup();
      onConnect?.();
    },
  };
}

/**
 * Opens the signed-in user's socket and keeps `output` current: pushed events go to it; every
 * (re)connect fetches the status once (to catch what was missed) and reports the page's visibility
 * (`page:visible`, again whenever `visibility` changes); while the socket is down and the page
 * visible, the fallback poller fetches the status every 5 s; and an `alert:sync` newer than
 * anything known (a push lost while the socket stayed up) fetches the status. When the server says
 * it is draining (a deploy), the socket reconnects at once, to another instance, instead of after
 * its back-off; the instance it reaches replays what was missed, and the status fetched on connect
 * catches up on the rest.
 * Returns the function that closes it all (sign-out, 401, the tab handing the socket over).
 */
function openConnection(output: RealtimeOutput, visibility: VisibilitySource = documentVisibility): () => void {
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
        output.status(status);
        // The server ended the socket, or refused it while Redis or the database was away, and the
        // client will not retry on its own; the session still works, so try again.
        if (!refused && !socket.connected && socket.active === false) socket.connect();
      })
      .catch(() => {
        // A 401 signs out in the API client (which closes this); other failures wait for the next poll.
      })
      .finally(() => controllers.delete(controller));
  };

  /** The last `page:visible` sent on this connection; sent again only when it changes. */
  let reported: boolean | null = null;
  const reportVisibility = (force: boolean) => {
    const visible = visibility.visible();
    if (!socket.connected || (!force && visible === reported)) return;
    reported = visible;
    socket.emit('page:visible', visible);
  };
  const unsubscribeVisibility = visibility.subscribe(() => reportVisibility(false));
  const removeTypingSender = setSocketTypingSender((conversationId) => {
    if (socket.connected) socket.emit('dm:typing', { conversationId });
  });

  const poller = createFallbackPoller(fetchStatus, undefined, visibility);
  const handlers: [string, AnyHandler][] = [];
  const on = (event: string, handler: AnyHandler) => {
    handlers.push([event, handler]);
    (socket.on as LooseEmitter)(event, handler);
  };

  on('connect', () => {
    poller.setSocketConnected(true);
    reportVisibility(true);
    fetchStatus();
    output.connected(true);
  });
  on('disconnect', () => {
    poller.setSocketConnected(false);
    output.connected(false);
  });
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
    if (output.event(SocketEvents.alertSync, payload)) fetchStatus();
  });
  for (const event of FORWARDED) on(event, (payload) => void output.event(event, payload));

  poller.start();
  socket.connect();

  return () => {
    stopped = true;
    poller.stop();
    unsubscribeVisibility();
    removeTypingSender();
    for (const controller of controllers) controller.abort();
    for (const [event, handler] of handlers) (socket.off as LooseEmitter)(event, handler);
    socket.disconnect();
  };
}

/**
 * Starts the signed-in user's real time in this tab: where the browser can (Web Locks and
 * BroadcastChannel), its tabs share one socket and one fallback poll (realtime/shared.ts);
 * otherwise the tab opens its own. `onConnect` runs on every (re)connect, `onStatus` whenever the
 * notification status arrives (a connect, the fallback poll). Returns the function that closes it
 * all (sign-out, 401).
 */
export function startRealtime(userId: number, onConnect?: () => void, onStatus?: () => void): () => void {
  const output = createTabOutput(onConnect, onStatus);
  const env = sharedRealtimeEnv();
  if (!env) return openConnection(output);
  return startSharedRealtime({
    userId,
    output,
    env,
    open: openConnection,
    sessionEnded: () => useSessionStore.getState().currentUser?.id !== userId,
    onSignedOut: () => void confirmGroup(),
  });
}
