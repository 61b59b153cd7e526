import type { NotificationStatus } from '@cloud9/contracts';
import type { RealtimeOutput } from './output';
import { fakeVisibility } from '../test/visibility';
import { REALTIME_LOCK, startSharedRealtime, type SharedRealtimeEnv } from './shared';
import { sendTyping, setSocketTypingSender } from './outgoing';
import type { VisibilitySource } from './visibility';

/**
 * A browser's tabs in one test: a BroadcastChannel that delivers a structured clone of each message
 * to every other open channel of the same name, later (as the real one does), and a Web Locks
 * manager that grants one holder at a time in request order and releases a closed tab's lock.
 */
class FakeBrowser {
  private channels = new Set<{ name: string; tab: number; channel: { onmessage: ((event: MessageEvent) => void) | null } }>();
  private queue: { tab: number; name: string; callback: () => Promise<void>; done: (value: unknown) => void }[] = [];
  private holder: { tab: number; name: string } | null = null;
  private closedTabs = new Set<number>();
  lockRequests: string[] = [];

  env(tab: number): SharedRealtimeEnv {
    return {
      locks: {
        request: (name, { signal }, callback) =>
          new Promise((resolve, reject) => {
            this.lockRequests.push(name);
            const entry = { tab, name, callback, done: resolve };
            this.queue.push(entry);
            signal.addEventListener('abort', () => {
              const i = this.queue.indexOf(entry);
              if (i < 0) return;
              this.queue.splice(i, 1);
              reject(new DOMException('aborted', 'AbortError'));
            });
            this.grant();
          }),
      },
      openChannel: (name) => {
        const entry = {
          name,
          tab,
          channel: {
            onmessage: null as ((event: MessageEvent) => void) | null,
            postMessage: (message: unknown) => {
              if (this.closedTabs.has(tab) || !this.channels.has(entry)) return;
              for (const other of this.channels) {
                if (other === entry || other.name !== name) continue;
                const data = structuredClone(message);
                queueMicrotask(() => {
                  if (this.channels.has(other)) other.channel.onmessage?.({ data } as MessageEvent);
                });
              }
            },
            close: () => void this.channels.delete(entry),
          },
        };
        this.channels.add(entry);
        return entry.channel;
      },
    };
  }

  /** The tab's document is gone (closed, crashed): no goodbye, its channels are shut and its lock is released. */
  closeTab(tab: number) {
    this.closedTabs.add(tab);
    for (const entry of [...this.channels]) if (entry.tab === tab) this.channels.delete(entry);
    this.queue = this.queue.filter((entry) => entry.tab !== tab);
    if (this.holder?.tab === tab) {
      this.holder = null;
      this.grant();
    }
  }

  private grant() {
    if (this.holder || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    const holder = { tab: next.tab, name: next.name };
    this.holder = holder;
    queueMicrotask(() => {
      void next.callback().then(() => {
        if (this.holder !== holder) return;
        this.holder = null;
        next.done(undefined);
        this.grant();
      });
    });
  }
}

/** What one tab's stores and bus were given. */
function recordingOutput() {
  const log: unknown[][] = [];
  const output: RealtimeOutput = {
    event: (event, payload) => {
      log.push(['event', event, payload]);
      return false;
    },
    status: (status) => void log.push(['status', status]),
    connected: (connected) => void log.push(['connected', connected]),
  };
  return { output, log };
}

const status = (latestUserAlert: string): NotificationStatus => ({
  latestUserAlert,
  latestSystemNotice: null,
  lastSeenUserAlerts: null,
  lastSeenSystemNotices: null,
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one socket per browser (leader tab through Web Locks, relay through BroadcastChannel)', () => {
  let browser: FakeBrowser;
  /** The connections opened (by leader tabs): the relay each was given, the visibility, and whether it is closed. */
  let connections: { tab: number; relay: RealtimeOutput; visibility: VisibilitySource; closed: boolean }[];

  beforeEach(() => {
    browser = new FakeBrowser();
    connections = [];
  });

  function startTab(tab: number, userId = 7, visibility = fakeVisibility()) {
    const { output, log } = recordingOutput();
    const session = { ended: false, checks: 0 };
    const stop = startSharedRealtime({
      userId,
      output,
      env: browser.env(tab),
      visibility,
      sessionEnded: () => session.ended,
      onSignedOut: () => void session.checks++,
      open: (relay, browserVisibility) => {
        const connection = { tab, relay, visibility: browserVisibility, closed: false };
        connections.push(connection);
        return () => void (connection.closed = true);
      },
    });
    return { tab, log, stop, visibility, session };
  }

  const openConnections = () => connections.filter((c) => !c.closed);
  /** The tab's document goes, and its socket with it. */
  const closeTab = (tab: number) => {
    browser.closeTab(tab);
    for (const c of connections) if (c.tab === tab) c.closed = true;
  };

  it('five tabs open one connection, in the tab that holds the lock', async () => {
    const tabs = [0, 1, 2, 3, 4].map((i) => startTab(i));
    await flush();
    expect(openConnections().map((c) => c.tab)).toEqual([0]);
    expect(browser.lockRequests).toEqual(Array(5).fill(REALTIME_LOCK));
    tabs.forEach((t) => t.stop());
  });

  it("a follower tab's typing mark goes to the leader, which sends it over its socket", async () => {
    const leaderTab = startTab(0);
    await flush();
    const follower = startTab(1);
    await flush();
    // This module's registry is one for all the test's tabs: the follower registered its relay last,
    // and the leader's socket sender is put in place only once the relayed mark is on its way.
    sendTyping(4);
    const overSocket = vi.fn();
    const remove = setSocketTypingSender(overSocket);
    await flush();
    expect(overSocket.mock.calls).toEqual([[4]]);
    remove();
    follower.stop();
    sendTyping(5);
    await flush();
    expect(overSocket.mock.calls).toEqual([[4]]);
    leaderTab.stop();
  });

  it('relays every event, status and connect to every tab exactly once', async () => {
    const tabs = [0, 1, 2].map((i) => startTab(i));
    await flush();
    const [leader] = openConnections();
    leader.relay.connected(true);
    leader.relay.status(status('2025-06-01T10:00:00.000Z'));
    leader.relay.event('alert:new', { id: 41 });
    await flush();
    for (const t of tabs) {
      expect(t.log).toEqual([
        ['connected', true],
        ['status', status('2025-06-01T10:00:00.000Z')],
        ['event', 'alert:new', { id: 41 }],
      ]);
    }
    tabs.forEach((t) => t.stop());
  });

  it('a tab that joins later gets the last status and catches up once, as on a connect of its own', async () => {
    const first = startTab(0);
    await flush();
    const [leader] = openConnections();
    leader.relay.connected(true);
    leader.relay.status(status('2025-06-01T10:00:00.000Z'));
    await flush();
    const late = startTab(1);
    await flush();
    expect(late.log).toEqual([
      ['status', status('2025-06-01T10:00:00.000Z')],
      ['connected', true],
    ]);
    expect(openConnections()).toHaveLength(1);
    first.stop();
    late.stop();
  });

  it('when the leader tab closes, the next takes the lock and connects; its connect makes every tab catch up, and no event is delivered twice', async () => {
    const tabs = [0, 1, 2, 3, 4].map((i) => startTab(i));
    await flush();
    const [first] = openConnections();
    first.relay.connected(true);
    first.relay.event('alert:new', { id: 1 });
    await flush();

    closeTab(0); // no goodbye: the browser drops the document and its lock
    await flush();
    expect(connections.map((c) => c.tab)).toEqual([0, 1]);
    const next = connections[1];
    next.relay.connected(true);
    next.relay.event('alert:new', { id: 2 });
    await flush();
    for (const t of tabs.slice(1)) {
      expect(t.log).toEqual([
        ['connected', true],
        ['event', 'alert:new', { id: 1 }],
        ['connected', true],
        ['event', 'alert:new', { id: 2 }],
      ]);
    }
    tabs.slice(1).forEach((t) => t.stop());
  });

  it('a tab that signs out leaves: the leader closes its connection and hands over; a new sign-in starts again', async () => {
    const a = startTab(0);
    const b = startTab(1);
    await flush();
    a.stop();
    await flush();
    expect(connections.map((c) => [c.tab, c.closed])).toEqual([
      [0, true],
      [1, false],
    ]);
    b.stop();
    await flush();
    expect(openConnections()).toHaveLength(0);
    // Signed in again (the same cookie in every tab): one tab leads again.
    const again = [startTab(2), startTab(3)];
    await flush();
    expect(openConnections().map((c) => c.tab)).toEqual([2]);
    again.forEach((t) => t.stop());
  });

  it('a tab whose session ended (sign-out, 401) tells the others, which check theirs; a tab that merely closes does not', async () => {
    const tabs = [0, 1, 2].map((i) => startTab(i));
    await flush();
    tabs[2].stop(); // the screen went, the session did not
    await flush();
    expect(tabs.map((t) => t.session.checks)).toEqual([0, 0, 0]);
    tabs[1].session.ended = true;
    tabs[1].stop();
    await flush();
    expect(tabs.map((t) => t.session.checks)).toEqual([1, 0, 0]);
    tabs[0].stop();
  });

  it('a follower that leaves before its turn never opens a connection', async () => {
    const a = startTab(0);
    const b = startTab(1);
    await flush();
    b.stop();
    a.stop();
    await flush();
    expect(connections.map((c) => c.tab)).toEqual([0]);
  });

  it('the browser is visible while any tab is: followers report theirs, and a tab that goes stops counting', async () => {
    const leaderTab = startTab(0, 7, fakeVisibility(false));
    const follower = startTab(1, 7, fakeVisibility(false));
    const other = startTab(2, 7, fakeVisibility(true));
    await flush();
    const [connection] = openConnections();
    const changes: boolean[] = [];
    connection.visibility.subscribe(() => changes.push(connection.visibility.visible()));
    expect(connection.visibility.visible()).toBe(true); // tab 2
    other.visibility.set(false);
    await flush();
    expect(connection.visibility.visible()).toBe(false);
    follower.visibility.set(true);
    await flush();
    expect(connection.visibility.visible()).toBe(true);
    follower.stop(); // says goodbye
    await flush();
    expect(connection.visibility.visible()).toBe(false);
    leaderTab.visibility.set(true);
    expect(connection.visibility.visible()).toBe(true);
    expect(changes).toEqual([false, true, false, true]);
    leaderTab.stop();
    other.stop();
  });

  it('a new leader asks the tabs for their visibility again', async () => {
    const tabs = [startTab(0, 7, fakeVisibility(true)), startTab(1, 7, fakeVisibility(false)), startTab(2, 7, fakeVisibility(true))];
    await flush();
    tabs[2].visibility.set(false);
    await flush();
    closeTab(0);
    await flush();
    const next = openConnections()[0];
    expect(next.tab).toBe(1);
    expect(next.visibility.visible()).toBe(false);
    tabs[2].visibility.set(true);
    await flush();
    expect(next.visibility.visible()).toBe(true);
    tabs.slice(1).forEach((t) => t.stop());
  });

  it('ignores messages about another user (a tab not yet signed out) and anything that is not a message', async () => {
    const mine = startTab(0, 7);
    const stale = startTab(1, 8);
    await flush();
    // Each user's first tab leads its own user's messages; the stale one's relay reaches nobody here.
    const [leader] = openConnections();
    expect(leader.tab).toBe(0);
    leader.relay.event('alert:new', { id: 5 });
    await flush();
    expect(stale.log).toEqual([]);
    const raw = browser.env(9).openChannel('cloud9-realtime');
    raw.postMessage('junk' as never);
    raw.postMessage({ kind: 'event', event: 'alert:new', payload: { id: 6 }, user: 8 } as never);
    await flush();
    expect(mine.log).toEqual([['event', 'alert:new', { id: 5 }]]); // its own socket's, not the foreign ones
    raw.close();
    mine.stop();
    stale.stop();
  });
});
