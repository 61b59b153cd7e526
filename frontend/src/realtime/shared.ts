import type { NotificationStatus } from '@cloud9/contracts';
import type { RealtimeOutput } from './output';
import { sendTypingOverSocket, setRelayTypingSender } from './outgoing';
import { createBrowserVisibility, documentVisibility, type VisibilitySource } from './visibility';

/** The Web Lock the leader tab holds for its life, and the channel it relays through. */
export const REALTIME_LOCK = 'cloud9-realtime';
const CHANNEL = 'cloud9-realtime';

/** What the leader tab sends the others, and what they send it; every message names the signed-in user. */
type Message =
  /** A pushed event, as the leader's socket received it. */
  | { kind: 'event'; event: string; payload: unknown }
  /** The status the leader fetched (on connect, by the fallback poll, after an `alert:sync` with news). */
  | { kind: 'status'; status: NotificationStatus }
  /** The leader's socket connected (every tab catches up) or dropped. */
  | { kind: 'connected'; connected: boolean }
  /** The leader's answer to one tab's `hello`: where things stand. */
  | { kind: 'state'; to: string; connected: boolean; status: NotificationStatus | null }
  /** A tab joined (or a new leader asked): its visibility. */
  | { kind: 'hello'; tab: string; visible: boolean }
  | { kind: 'visible'; tab: string; visible: boolean }
  /** A tab is going (closed, signed out): it no longer counts as visible. */
  | { kind: 'bye'; tab: string }
  /** A tab has just taken the lock: the others say hello again. */
  | { kind: 'leader' }
  /** A tab's session ended (sign-out, a 401): the others check theirs with the server. */
  | { kind: 'signedOut' }
  /** A follower's member is typing in a conversation: the leader sends `dm:typing` over its socket. */
  | { kind: 'typing'; conversationId: number };
type Envelope = Message & { user: number };

interface Channel {
  postMessage: (message: Envelope) => void;
  close: () => void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** The two browser APIs the tabs share a socket through (fakes in the unit tests). */
export interface SharedRealtimeEnv {
  locks: { request: (name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) => Promise<unknown> };
  openChannel: (name: string) => Channel;
}

/** The browser's Web Locks and BroadcastChannel, or null without either (old browsers, jsdom): one socket per tab then. */
export function sharedRealtimeEnv(): SharedRealtimeEnv | null {
  if (typeof navigator === 'undefined' || typeof navigator.locks?.request !== 'function' || typeof BroadcastChannel !== 'function') return null;
  return {
    locks: navigator.locks as SharedRealtimeEnv['locks'],
    openChannel: (name) => new BroadcastChannel(name) as unknown as Channel,
  };
}

interface SharedRealtimeOptions {
  userId: number;
  /** This tab's stores and bus. */
  output: RealtimeOutput;
  env: SharedRealtimeEnv;
  /** Opens the socket and the fallback poll (realtime/connection.ts), in the leader tab only. */
  open: (output: RealtimeOutput, visibility: VisibilitySource) => () => void;
  /** This tab's own visibility. */
  visibility?: VisibilitySource;
  /** Asked on leaving: whether this tab's session ended (rather than the screen going), so the other tabs hear of it. */
  sessionEnded: () => boolean;
  /** Another tab's session ended: check this one's with the server (a 401 signs this tab out too). */
  onSignedOut: () => void;
}

const newTabId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * One socket per browser. Every tab asks for the lock `cloud9-realtime`; the one that holds it (the
 * leader, until it closes or signs out) opens the socket and the fallback poll and relays through
 * the channel every pushed event, every status it fetches and every connect and drop; the other
 * tabs (followers) feed their own stores and bus from the channel, exactly as from a socket of
 * their own. Followers report their visibility, so the leader's `page:visible` and its poll follow
 * the browser (visible while any tab is). When the leader goes, the browser gives the lock to the
 * next tab at once; its socket's connect makes every tab catch up (status, alert lists), and tabs
 * drop an `alert:new` they already have (createTabOutput), so nothing is lost or shown twice.
 * A follower's typing marks (outgoing.ts) go to the leader, which sends them over its socket.
 * Returns the function that leaves (sign-out, 401): the lock is released and the channel closed;
 * when the session ended, the other tabs are told, and each checks its own with the server (they
 * have no socket or poll of their own to find out).
 */
export function startSharedRealtime({ userId, output, env, open, visibility = documentVisibility, sessionEnded, onSignedOut }: SharedRealtimeOptions): () => void {
  const tab = newTabId();
  const channel = env.openChannel(CHANNEL);
  const abort = new AbortController();
  const post = (message: Message) => channel.postMessage({ ...message, user: userId });
  let stopped = false;
  /** Set while this tab leads: its socket's state and last status (for tabs that join), the browser's visibility. */
  let leading: { connected: boolean; status: NotificationStatus | null; browser: ReturnType<typeof createBrowserVisibility> } | null = null;
  let closeConnection: (() => void) | null = null;
  let release: (() => void) | null = null;
  /** A follower has seen the leader's socket connected (its first connect catches up like a (re)connect). */
  let sawConnect = false;

  const hello = () => post({ kind: 'hello', tab, visible: visibility.visible() });

  const lead = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      release = resolve;
      const browser = createBrowserVisibility(visibility);
      const state = { connected: false, status: null as NotificationStatus | null, browser };
      leading = state;
      post({ kind: 'leader' });
      const relay: RealtimeOutput = {
        event: (event, payload) => {
          post({ kind: 'event', event, payload });
          return output.event(event, payload);
        },
        status: (status) => {
          state.status = status;
          post({ kind: 'status', status });
          output.status(status);
        },
        connected: (connected) => {
          state.connected = connected;
          post({ kind: 'connected', connected });
          output.connected(connected);
        },
      };
      closeConnection = open(relay, browser);
    });

  const asLeader = (message: Message) => {
    const state = leading!;
    if (message.kind === 'hello') {
      state.browser.report(message.tab, message.visible);
      post({ kind: 'state', to: message.tab, connected: state.connected, status: state.status });
    } else if (message.kind === 'visible') {
      state.browser.report(message.tab, message.visible);
    } else if (message.kind === 'bye') {
      state.browser.forget(message.tab);
    } else if (message.kind === 'typing' && typeof message.conversationId === 'number') {
      sendTypingOverSocket(message.conversationId);
    }
  };

  const asFollower = (message: Message) => {
    if (message.kind === 'event') {
      output.event(message.event, message.payload);
    } else if (message.kind === 'status') {
      output.status(message.status);
    } else if (message.kind === 'connected') {
      if (message.connected) sawConnect = true;
      output.connected(message.connected);
    } else if (message.kind === 'state' && message.to === tab) {
      if (message.status) output.status(message.status);
      if (message.connected && !sawConnect) {
        sawConnect = true;
        output.connected(true);
      }
    } else if (message.kind === 'leader') {
      hello();
    }
  };

  channel.onmessage = ({ data }: MessageEvent) => {
    const message = data as Envelope | null;
    if (stopped || typeof message !== 'object' || message === null || message.user !== userId) return;
    if (message.kind === 'signedOut') onSignedOut();
    else if (leading) asLeader(message);
    else asFollower(message);
  };

  const unsubscribeVisibility = visibility.subscribe(() => {
    if (!leading) post({ kind: 'visible', tab, visible: visibility.visible() });
  });
  // Typing marks: the leader's own socket sends them (outgoing.ts prefers it); a follower relays them.
  const removeTypingRelay = setRelayTypingSender((conversationId) => {
    if (!leading) post({ kind: 'typing', conversationId });
  });
  // A tab closing says so (the leader's lock is released by the browser itself); back from the back/forward cache, it joins again.
  const onPageHide = () => {
    if (!leading) post({ kind: 'bye', tab });
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && !leading) hello();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
  }

  hello();
  env.locks.request(REALTIME_LOCK, { signal: abort.signal }, lead).catch(() => {
    // Aborted: this tab left before its turn came.
  });

  return () => {
    if (sessionEnded()) post({ kind: 'signedOut' });
    stopped = true;
    abort.abort();
    unsubscribeVisibility();
    removeTypingRelay();
    if (hasWindow) {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    }
    if (leading) {
      closeConnection?.();
      leading = null;
    } else {
      post({ kind: 'bye', tab });
    }
    release?.();
    channel.close();
  };
}
