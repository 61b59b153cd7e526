import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type DmMessage, type DmMessagePush, type Page, type ServerToClientEvents } from '@cloud9/contracts';
import { DM_SYNC_EVERY_MS } from '../../src/modules/direct-messages/dm-sync.service';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { bootApp, PASSWORD, type TestApp, uniqueName } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services';

type ClientSocket = Socket<ServerToClientEvents>;

interface Instance {
  t: TestApp;
  url: string;
}

/** A member, signed in, with a socket and what it heard. */
interface Member {
  id: number;
  cookie: string;
  socket: ClientSocket | null;
  pushed: number[];
  synced: { conversationId: number; messageId: number }[];
}

/** The contract: a connected client hears of a message it was not pushed within a sweep and a query. */
const DEADLINE_MS = DM_SYNC_EVERY_MS * 2 + 2000;

/**
 * No direct message is lost: two app instances share a Redis of the suite's own (killed here) and the
 * run's PostgreSQL. A message whose push never leaves (Redis away, an emit lost) reaches a socket that
 * stays connected as `dm:sync`; a member whose instance is killed reads, on reconnecting anywhere, every
 * message once and in order (the client's catch-up by cursor).
 */
describe('no direct message is lost', () => {
  let redis: PrivateRedis;
  let a: Instance;
  let b: Instance;
  const sockets: ClientSocket[] = [];

  async function startInstance(): Promise<Instance> {
    const t = await bootApp({ REDIS_URL: redis.url });
    const server: Server = await t.app.listen(0, '127.0.0.1');
    return { t, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  async function member(): Promise<Member> {
    const username = uniqueName('dmf');
    await a.t.agent().post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const login = await a.t.agent().post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { id: login.body.id as number, cookie: sessionCookieOf(login), socket: null, pushed: [], synced: [] };
  }

  async function connect(m: Member, on: Instance): Promise<ClientSocket> {
    const socket: ClientSocket = io(on.url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie: m.cookie }, forceNew: true, reconnection: false });
    sockets.push(socket);
    socket.on('dm:message', (push: DmMessagePush) => m.pushed.push(push.message.id));
    socket.on('dm:sync', (sync) => m.synced.push(sync));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    m.socket = socket;
    return socket;
  }

  const via = (on: Instance, m: Member) => ({
    post: (path: string, body: object) => request(on.t.app.getHttpServer()).post(path).set('Cookie', m.cookie).send(body),
    get: (path: string) => request(on.t.app.getHttpServer()).get(path).set('Cookie', m.cookie),
  });

  /** Every message of the conversation as `m` reads it, newest first, page by page (the client's catch-up). */
  async function readAll(on: Instance, m: Member, conversationId: number): Promise<DmMessage[]> {
    const all: DmMessage[] = [];
    let cursor: string | null = null;
    do {
      const res = await via(on, m).get(`/api/conversations/${conversationId}/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      const page = res.body as Page<DmMessage>;
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.t.close(), b?.t.close()]);
    await redis?.stop();
  });

  it('lost between instances: a message sent through A whose push never leaves reaches the socket on B as dm:sync', async () => {
    const [sender, reader] = [await member(), await member()];
    await connect(reader, b);
    const id = (await via(a, sender).post('/api/conversations', { memberIds: [reader.id] }).expect(201)).body.id as number;
    const dropped = jest.spyOn(a.t.app.get(RealtimeService), 'toUsers').mockImplementation(() => undefined);
    try {
      const sent = (await via(a, sender).post(`/api/conversations/${id}/messages`, { text: 'did you get this?' }).expect(201)).body as DmMessage;
      expect(await eventually(async () => reader.synced.some((s) => s.conversationId === id && s.messageId === sent.id), DEADLINE_MS)).toBe(true);
      expect(reader.pushed).toEqual([]);
      expect(dropped).toHaveBeenCalled();
    } finally {
      dropped.mockRestore();
    }
  }, 30_000);

  it('gone with Redis: a message committed while Redis is away reaches the sockets that stay connected, and reads back once, in order', async () => {
    const [sender, reader] = [await member(), await member()];
    await connect(reader, b);
    const id = (await via(a, sender).post('/api/conversations', { memberIds: [reader.id] }).expect(201)).body.id as number;
    const first = (await via(a, sender).post(`/api/conversations/${id}/messages`, { text: 'before' }).expect(201)).body as DmMessage;
    expect(await eventually(async () => reader.pushed.includes(first.id))).toBe(true);
    await redis.kill();
    let during: number;
    try {
      // As by an instance whose push died with Redis: committed, never pushed.
      const [row] = await a.t.db.query(`INSERT INTO dm_messages (conversation_id, sender_id, text) VALUES ($1, $2, 'during the outage') RETURNING id`, [id, sender.id]);
      during = Number(row.id);
      expect(await eventually(async () => reader.synced.some((s) => s.conversationId === id && s.messageId === during), DEADLINE_MS)).toBe(true);
    } finally {
      await redis.start();
      await eventually(async () => (await Promise.all([a, b].map((x) => x.t.agent().get('/api/health')))).every((r) => r.status === 200), 5000);
    }
    expect(reader.socket!.connected).toBe(true);
    const after = (await via(a, sender).post(`/api/conversations/${id}/messages`, { text: 'after' }).expect(201)).body as DmMessage;
    expect((await readAll(b, reader, id)).map((m) => m.id)).toEqual([after.id, during!, first.id]);
  }, 60_000);

  it('an instance killed: its members reconnect to another and read every message sent meanwhile, once and in order', async () => {
    const [sender, reader] = [await member(), await member()];
    await via(a, reader).post('/api/follow', { followerId: reader.id, followedId: sender.id }).expect(200);
    const c = await startInstance();
    await connect(reader, c);
    const id = (await via(a, sender).post('/api/conversations', { memberIds: [reader.id] }).expect(201)).body.id as number;
    const before = (await via(a, sender).post(`/api/conversations/${id}/messages`, { text: 'one' }).expect(201)).body as DmMessage;
    expect(await eventually(async () => reader.pushed.includes(before.id))).toBe(true);
    await c.t.close();
    const meanwhile: number[] = [];
    for (const text of ['two', 'three', 'four']) meanwhile.push(((await via(a, sender).post(`/api/conversations/${id}/messages`, { text }).expect(201)).body as DmMessage).id);
    await connect(reader, b);
    const read = await readAll(b, reader, id);
    expect(read.map((m) => m.id)).toEqual([...meanwhile].reverse().concat(before.id));
    expect(new Set(read.map((m) => m.id)).size).toBe(read.length);
    expect((await via(b, reader).get('/api/conversations/unread').expect(200)).body).toEqual({ unread: 4, requests: 0 });
  }, 60_000);
});
