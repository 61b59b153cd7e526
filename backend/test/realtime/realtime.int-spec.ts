import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SocketErrors, SocketRooms, type ServerToClientEvents } from '@cloud9/contracts';
import { REDIS } from '../../src/common/redis.module';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { sessionCookieName } from '../../src/common/auth/session-cookie';
import { sessionCookieFor } from '../../src/common/auth/signed-session-cookie';
import { bootApp, PASSWORD, TestApp, uniqueName } from '../support/app';
import { eventually, sessionCookieOf, sessionIdOf } from '../support/harness';

type ClientSocket = Socket<ServerToClientEvents>;
interface Instance {
  t: TestApp;
  url: string;
  realtime: RealtimeService;
}
interface Account {
  id: number;
  username: string;
  cookie: string;
}

/** Two app instances on real ports sharing PostgreSQL and one Redis prefix: a two-node deployment. */
async function startInstance(prefix: string): Promise<Instance> {
  const t = await bootApp({ REDIS_PREFIX: prefix });
  const server: Server = await t.app.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}`, realtime: t.app.get(RealtimeService) };
}

const sockets: ClientSocket[] = [];

function open(url: string, opts: { cookie?: string; origin?: string; reconnection?: boolean } = {}): ClientSocket {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket: ClientSocket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
  });
  sockets.push(socket);
  return socket;
}

/** A connected socket, or the reason it was refused. */
function connect(url: string, opts: Parameters<typeof open>[1] = {}): Promise<ClientSocket> {
  const socket = open(url, opts);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

async function refusal(url: string, opts: Parameters<typeof open>[1] = {}): Promise<Error> {
  try {
    const socket = await connect(url, opts);
    socket.disconnect();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the socket was accepted');
}

/** The next `event` on a socket (payload), or a timeout. */
function next<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, timeoutMs = 3000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener as never);
  });
}

/** Nothing of `event` arrives within `ms`. */
async function silent(socket: ClientSocket, event: keyof ServerToClientEvents, ms = 300): Promise<boolean> {
  return next(socket, event, ms).then(
    () => false,
    () => true,
  );
}

describe('Socket.IO across two instances (session cookie auth, Redis Streams adapter)', () => {
  let a: Instance;
  let b: Instance;

  /** Registers and signs in through instance A's HTTP API; returns the session cookie. */
  async function account(): Promise<Account> {
    const username = uniqueName('rt');
    await a.t.agent().post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const login = await a.t.agent().post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { id: login.body.id, username, cookie: sessionCookieOf(login) };
  }

  beforeAll(async () => {
    const prefix = `${process.env.REDIS_PREFIX}rt1:`;
    [a, b] = await Promise.all([startInstance(prefix), startInstance(prefix)]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.t.close(), b?.t.close()]);
  });

  it('accepts on instance B a session made on instance A, and delivers toUser emitted on A', async () => {
    const alice = await account();
    const bob = await account();
    const aliceOnB = await connect(b.url, { cookie: alice.cookie });
    const bobOnB = await connect(b.url, { cookie: bob.cookie });

    const alert = next(aliceOnB, 'alert:removed');
    a.realtime.toUser(alice.id, 'alert:removed', { id: 42 });
    expect(await alert).toEqual({ id: 42 });
    expect(await silent(bobOnB, 'alert:removed')).toBe(true); // only the recipient's room
  });

  it('delivers toEveryone to sockets on both instances', async () => {
    const carol = await account();
    const onA = await connect(a.url, { cookie: carol.cookie });
    const onB = await connect(b.url, { cookie: carol.cookie });
    const payload = { id: 7 };
    const received = Promise.all([next(onA, 'notice:deleted'), next(onB, 'notice:deleted')]);
    b.realtime.toEveryone('notice:deleted', payload);
    expect(await received).toEqual([payload, payload]);
  });

  it('emits post:created, a bare signal (no post id, no author), to every signed-in socket but the author’s after POST /api/posts', async () => {
    const author = await account();
    const reader = await account();
    const readerOnB = await connect(b.url, { cookie: reader.cookie });
    const authorOnA = await connect(a.url, { cookie: author.cookie });
    const created = next(readerOnB, 'post:created');
    const res = await a.t.agent().post('/api/posts').set('cookie', author.cookie).send({ content: 'live hello' }).expect(201);
    expect(await created).toEqual({ category: res.body.category, createdAt: res.body.createdAt });
    expect(await silent(authorOnA, 'post:created')).toBe(true);
  });

  it('pushes alert:new to the author on B when another user likes the post through A', async () => {
    const author = await account();
    const fan = await account();
    const authorOnB = await connect(b.url, { cookie: author.cookie });
    const post = await a.t.agent().post('/api/posts').set('cookie', author.cookie).send({ content: 'like me' }).expect(201);
    const alert = next(authorOnB, 'alert:new');
    await a.t.agent().post(`/api/posts/${post.body.id}/like`).set('cookie', fan.cookie).send({ username: fan.username }).expect(200);
    expect(await alert).toEqual(expect.objectContaining({ type: 'like', actor_username: fan.username, post_id: post.body.id }));
  });

  it('a like taken back and given again within the hour alerts its author once: no second alert:new on B', async () => {
    const author = await account();
    const fan = await account();
    const authorOnB = await connect(b.url, { cookie: author.cookie });
    const post = await a.t.agent().post('/api/posts').set('cookie', author.cookie).send({ content: 'toggle me' }).expect(201);
    const toggleLike = () => a.t.agent().post(`/api/posts/${post.body.id}/like`).set('cookie', fan.cookie).send({}).expect(200);
    const alert = next(authorOnB, 'alert:new');
    await toggleLike();
    const first = await alert;
    const removed = next(authorOnB, 'alert:removed');
    await toggleLike();
    expect(await removed).toEqual({ id: first.id });
    const quiet = silent(authorOnB, 'alert:new', 1000);
    await toggleLike();
    expect(await quiet).toBe(true);
    const list = await a.t.agent().get(`/api/notifications/user/${author.id}`).set('cookie', author.cookie).expect(200);
    expect(list.body.items).toEqual([{ ...first, id: expect.any(Number) }]);
  });

  it('refuses anonymous sockets and unsigned, forged or unknown session cookies with "Unauthorized"', async () => {
    const dave = await account();
    const sid = sessionIdOf(dave.cookie);
    const forged = `c9.sid=${encodeURIComponent(`s:${sid}.${'A'.repeat(43)}`)}`;
    const name = sessionCookieName(b.t.settings);
    const otherSecret = sessionCookieFor(sid, { name, secret: 'some-other-secret-of-16-chars' });
    const unknownSession = sessionCookieFor('no-such-session', { name, secret: b.t.settings.sessionSecret });
    for (const cookie of [undefined, `c9.sid=${sid}`, `c9.sid=s:${sid}`, forged, otherSecret, unknownSession]) {
      expect((await refusal(b.url, { cookie })).message).toBe(SocketErrors.unauthorized);
    }
    await connect(b.url, { cookie: dave.cookie }); // the real cookie still works
  });

  it('refuses the socket of a session whose user no longer exists', async () => {
    const erin = await account();
    const redis: Redis = b.t.app.get(REDIS);
    await b.t.db.query('DELETE FROM users WHERE id = $1', [erin.id]);
    expect(await redis.exists(`${b.t.settings.redisPrefix}sess:${sessionIdOf(erin.cookie)}`)).toBe(1); // the session is still there
    expect((await refusal(b.url, { cookie: erin.cookie })).message).toBe(SocketErrors.unauthorized);
  });

  it('refuses a foreign Origin and accepts PUBLIC_URL', async () => {
    const frank = await account();
    const foreign = await refusal(b.url, { cookie: frank.cookie, origin: 'https://evil.example' });
    expect(foreign.message).not.toBe(SocketErrors.unauthorized); // refused at the transport (HTTP 403)
    await connect(b.url, { cookie: frank.cookie, origin: b.t.settings.publicUrl });
  });

  it('closes the sockets of ended sessions on every instance (disconnectSessions)', async () => {
    const gina = await account();
    const onB = await connect(b.url, { cookie: gina.cookie });
    const closed = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    a.realtime.disconnectSessions([sessionIdOf(gina.cookie)]);
    expect(await closed).toBe('io server disconnect');
  });

  it('keeps the browser’s page:visible report on the socket, a boolean only', async () => {
    const iris = await account();
    const socket = await connect(b.url, { cookie: iris.cookie });
    const server = (b.realtime as unknown as { server: import('socket.io').Server }).server;
    const reported = async () => (await server.in(SocketRooms.user(iris.id)).local.fetchSockets())[0]?.data.visible as unknown;
    expect(await reported()).toBeUndefined();
    const send = (value: unknown) => (socket as unknown as Socket).emit('page:visible', value);
    send(true);
    expect(await eventually(async () => (await reported()) === true)).toBe(true);
    send(false);
    expect(await eventually(async () => (await reported()) === false)).toBe(true);
    for (const junk of ['true', 1, null, { visible: true }]) send(junk);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reported()).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('recovers a dropped connection: its rooms and the events it missed (connection state recovery)', async () => {
    const hank = await account();
    const socket = open(b.url, { cookie: hank.cookie });
    const watcher = open(b.url, { cookie: hank.cookie });
    await Promise.all([socket, watcher].map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))));
    const first = next(socket, 'alert:removed');
    a.realtime.toUser(hank.id, 'alert:removed', { id: 1 }); // gives the client an offset to resume from
    await first;

    const server = (b.realtime as unknown as { server: import('socket.io').Server }).server;
    socket.io.engine.close(); // the network drops
    expect(await eventually(async () => (await server.in(SocketRooms.user(hank.id)).local.fetchSockets()).length === 1)).toBe(true);
    // While away: once the watcher on the same instance has it, it is in the stream that recovery reads.
    // (Sent while the recovery itself runs, an event can reach the instance between the recovery's last
    // read of the stream and the socket's joining its rooms, and is lost to it; the status fetched on
    // every connect covers that, decision 0033.)
    const seen = next(watcher, 'alert:removed');
    a.realtime.toUser(hank.id, 'alert:removed', { id: 2 });
    expect(await seen).toEqual({ id: 2 });
    const missed = next(socket, 'alert:removed');
    socket.connect(); // the client comes back
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(socket.recovered).toBe(true);
    expect(await missed).toEqual({ id: 2 });
  });
});
