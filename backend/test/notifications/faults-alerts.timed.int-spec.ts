import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type AlertSync, type ServerToClientEvents } from '@cloud9/contracts';
import { ALERT_SYNC_EVERY_MS } from '../../src/modules/notifications/alert-sync';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { bootApp, PASSWORD, TestApp, uniqueName } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services';

type ClientSocket = Socket<ServerToClientEvents>;

/** The contract: the dot lights within 10 s of the alert's commit, even when the socket never dropped. */
const DEADLINE_MS = 10_000;

interface Instance {
  t: TestApp;
  url: string;
}

/** A signed-in user's socket and everything it heard. */
interface Listener {
  id: number;
  cookie: string;
  socket: ClientSocket;
  syncs: { at: number; sync: AlertSync }[];
  pushed: number[];
  disconnects: number;
}

/**
 * Alerts reach a connected client when their push does not. Two app instances share a
 * Redis of the suite's own (killed here) and the run's PostgreSQL; sockets stay connected throughout.
 * Alerts are committed straight into the database while Redis is away (as by an instance whose push
 * died with it), raised through the API while the adapter push is dropped, and committed out of id
 * order; each must reach its recipient's socket as `alert:sync` within 10 s of its commit.
 */
describe('no alert is lost to a socket when the push is', () => {
  let redis: PrivateRedis;
  let a: Instance;
  let b: Instance;
  const sockets: ClientSocket[] = [];
  let committed = 0;
  let lost = 0;
  let slowestMs = 0;

  async function startInstance(): Promise<Instance> {
    const t = await bootApp({ REDIS_URL: redis.url });
    const server: Server = await t.app.listen(0, '127.0.0.1');
    return { t, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  async function listener(on: Instance): Promise<Listener> {
    const username = uniqueName('sync');
    await a.t.agent().post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const login = await a.t.agent().post('/api/login').send({ username, password: PASSWORD }).expect(200);
    const cookie = sessionCookieOf(login);
    const socket: ClientSocket = io(on.url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    sockets.push(socket);
    const l: Listener = { id: login.body.id, cookie, socket, syncs: [], pushed: [], disconnects: 0 };
    socket.on('alert:sync', (sync) => l.syncs.push({ at: Date.now(), sync }));
    socket.on('alert:new', (alert) => l.pushed.push(alert.id));
    socket.on('disconnect', () => l.disconnects++);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return l;
  }

  /** An alert row committed directly (as by an instance whose push is lost); its id, time and commit time. */
  async function commitAlert(to: Listener, actor: Listener): Promise<{ id: number; createdAt: string; committedAt: number }> {
    const [row] = await a.t.db.query(
      `INSERT INTO user_alerts (recipient_id, actor_id, type, post_id, message) VALUES ($1, $2, 'follow', NULL, 'someone followed you') RETURNING id, created_at`,
      [to.id, actor.id],
    );
    committed++;
    return { id: row.id, createdAt: (row.created_at as Date).toISOString(), committedAt: Date.now() };
  }

  /** Waits (up to the deadline) for a sync that tells `l` of this alert or a newer one; counts it lost otherwise. */
  async function heardOf(l: Listener, alert: { id: number; createdAt: string; committedAt: number }): Promise<number | null> {
    const covers = () => l.syncs.find((s) => s.sync.latestAlertId >= alert.id && Date.parse(s.sync.latestAlertAt) >= Date.parse(alert.createdAt));
    await eventually(async () => !!covers(), DEADLINE_MS - (Date.now() - alert.committedAt));
    const heard = covers();
    if (!heard) {
      lost++;
      return null;
    }
    const ms = heard.at - alert.committedAt;
    slowestMs = Math.max(slowestMs, ms);
    return ms;
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.t.close(), b?.t.close()]);
    await redis?.stop();
    console.log(`[faults-alerts] ${JSON.stringify({ alertsCommittedDuringFaults: committed, alertsLost: lost, slowestCommitToSyncMs: slowestMs, syncEveryMs: ALERT_SYNC_EVERY_MS })}`);
  });

  it('gone with Redis: alerts committed while Redis is away reach sockets that stay connected, on both instances, within 10 s', async () => {
    const alice = await listener(b);
    const carol = await listener(a);
    const bob = await listener(a);
    await redis.kill();
    try {
      for (let round = 0; round < 3; round++) {
        const [toAlice, toCarol] = [await commitAlert(alice, bob), await commitAlert(carol, bob)];
        const delays = await Promise.all([heardOf(alice, toAlice), heardOf(carol, toCarol)]);
        expect(delays).toEqual([expect.any(Number), expect.any(Number)]);
        expect(Math.max(...(delays as number[]))).toBeLessThan(DEADLINE_MS);
      }
      expect(alice.syncs.map((s) => s.sync.latestAlertId)).toEqual([...new Set(alice.syncs.map((s) => s.sync.latestAlertId))]);
    } finally {
      await redis.start();
      // The apps' fail-fast Redis clients reconnect within about half a second: wait for both before going on.
      await eventually(async () => (await Promise.all([a, b].map((x) => x.t.agent().get('/api/health')))).every((r) => r.status === 200), 5000);
    }
    expect([alice.disconnects, carol.disconnects, alice.socket.connected, carol.socket.connected]).toEqual([0, 0, true, true]);
  }, 60_000);

  it('lost between instances: a follow made through instance A whose push never leaves reaches the socket on instance B within 10 s', async () => {
    const alice = await listener(b);
    const bob = await listener(a);
    // The adapter push from A is lost (as when Redis drops it): A emits nothing at all.
    const dropped = jest.spyOn(a.t.app.get(RealtimeService), 'toUser').mockImplementation(() => undefined);
    try {
      const bobAgent = a.t.agent().set('Cookie', bob.cookie);
      await bobAgent.post('/api/follow').send({ followerId: bob.id, followedId: alice.id }).expect(200);
      const [row] = await a.t.db.query(`SELECT id, created_at FROM user_alerts WHERE recipient_id = $1 AND actor_id = $2`, [alice.id, bob.id]);
      committed++;
      const ms = await heardOf(alice, { id: row.id, createdAt: row.created_at.toISOString(), committedAt: Date.now() });
      expect(ms).not.toBeNull();
      expect(alice.syncs.at(-1)!.sync).toEqual({ latestAlertId: row.id, latestAlertAt: row.created_at.toISOString() });
      expect(dropped).toHaveBeenCalledWith(alice.id, 'alert:new', expect.objectContaining({ id: row.id }));
      expect(alice.pushed).toEqual([]);
    } finally {
      dropped.mockRestore();
    }
  }, 30_000);

  it('committed out of order: an alert whose transaction commits after a later one was swept still arrives', async () => {
    const alice = await listener(b);
    const carol = await listener(b);
    const bob = await listener(a);
    const runner = a.t.db.createQueryRunner();
    await runner.startTransaction();
    try {
      // Alice's alert takes its id first but stays uncommitted while Carol's (a higher id) is swept.
      const [early] = await runner.query(
        `INSERT INTO user_alerts (recipient_id, actor_id, type, post_id, message) VALUES ($1, $2, 'follow', NULL, 'late commit') RETURNING id`,
        [alice.id, bob.id],
      );
      const later = await commitAlert(carol, bob);
      expect(later.id).toBeGreaterThan(early.id);
      expect(await heardOf(carol, later)).not.toBeNull();
      await sleepPastSweep();
      expect(alice.syncs).toEqual([]);

      await runner.commitTransaction();
      committed++;
      const [row] = await a.t.db.query(`SELECT created_at FROM user_alerts WHERE id = $1`, [early.id]);
      expect(await heardOf(alice, { id: early.id, createdAt: row.created_at.toISOString(), committedAt: Date.now() })).not.toBeNull();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  }, 30_000);
});

/** One full sweep period, so a sweep has certainly run since. */
const sleepPastSweep = () => new Promise((r) => setTimeout(r, ALERT_SYNC_EVERY_MS + 500));
