import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Redis from 'ioredis';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { MESSAGES, SOCKET_PATH, type AccountSession, type ServerToClientEvents } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { MailService } from '../../src/modules/mail/mail.service';
import { bootApp, PASSWORD, TestApp, uniqueName } from '../support/app';
import { eventually, sessionCookieIn, sessionIdOf } from '../support/harness';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

interface Instance {
  t: TestApp;
  url: string;
}

/** Two app instances on real ports sharing PostgreSQL and one Redis prefix. */
async function startInstance(prefix: string): Promise<Instance> {
  const t = await bootApp({ REDIS_PREFIX: prefix });
  const server: Server = await t.app.listen(0, '127.0.0.1');
  return { t, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("GET/DELETE /api/me/sessions: the owner's sessions", () => {
  let a: Instance;
  let b: Instance;
  let mails: jest.SpyInstance<Promise<void>, Parameters<MailService['send']>>;
  const sockets: Socket<ServerToClientEvents>[] = [];

  beforeAll(async () => {
    const prefix = `${process.env.REDIS_PREFIX}ms:`;
    [a, b] = await Promise.all([startInstance(prefix), startInstance(prefix)]);
    // The mails A queues (they go on to the mail queue as they would).
    mails = jest.spyOn(a.t.app.get(MailService), 'send');
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.t.close(), b?.t.close()]);
  });

  /** A new account (registered from a browser of its own); its username. */
  async function register(): Promise<string> {
    const username = uniqueName('ses');
    await request(a.url).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    return username;
  }

  /** A sign-in from a browser with this User-Agent (and no cookie of the account): its session cookie. */
  async function signIn(username: string, userAgent: string, cookie?: string): Promise<{ cookie: string; deviceCookie: string; userId: number }> {
    const req = request(a.url).post('/api/login').set('User-Agent', userAgent);
    if (cookie) req.set('Cookie', cookie);
    const res = await req.send({ username, password: PASSWORD }).expect(200);
    const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const device = setCookies.find((c) => c.startsWith('c9.device='))!.split(';')[0];
    return { cookie: sessionCookieIn(setCookies), deviceCookie: device, userId: res.body.id as number };
  }

  const list = async (cookie: string, url = a.url): Promise<AccountSession[]> => (await request(url).get('/api/me/sessions').set('Cookie', cookie).expect(200)).body.items;

  it('lists each session with its device, coarse network and times; the current one marked; ids that are not the session ids', async () => {
    const username = await register();
    const phone = await signIn(username, ANDROID_CHROME);
    const laptop = await signIn(username, WINDOWS_FIREFOX);

    const items = await list(laptop.cookie);
    expect(items).toHaveLength(2);
    const [newest, older] = items;
    expect(newest).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), current: true, device: 'Firefox on Windows', place: '127.0.0.0/24', createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(older).toEqual(expect.objectContaining({ current: false, device: 'Chrome on Android', place: '127.0.0.0/24' }));
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
    for (const cookie of [phone.cookie, laptop.cookie]) {
      const sid = sessionIdOf(cookie);
      expect(items.map((s) => s.id)).not.toContain(sid);
      expect(JSON.stringify(items)).not.toContain(sid);
    }
    // The same list on the other instance, with the other session current there.
    expect((await list(phone.cookie, b.url)).map((s) => [s.id, s.current])).toEqual([
      [newest.id, false],
      [older.id, true],
    ]);
  });

  it('writes "last seen" at most once a minute per session, not on every request', async () => {
    const username = await register();
    const me = await signIn(username, MAC_SAFARI);
    const redis: Redis = a.t.app.get(REDIS);
    const key = a.t.app.get(RedisKeys).userSessionSeen(me.userId);
    const sid = sessionIdOf(me.cookie);
    const seenAt = async () => JSON.parse((await redis.hget(key, sid)) ?? 'null')?.at as number | undefined;

    const start = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    await request(a.url).get('/api/me').set('Cookie', me.cookie).expect(200);
    expect(await eventually(async () => (await seenAt()) === start)).toBe(true);

    clock.mockReturnValue(start + 30_000);
    await request(a.url).get('/api/me').set('Cookie', me.cookie).expect(200);
    await request(a.url).get('/api/me/sessions').set('Cookie', me.cookie).expect(200);
    expect(await seenAt()).toBe(start);

    clock.mockReturnValue(start + 61_000);
    await request(a.url).get('/api/me').set('Cookie', me.cookie).expect(200);
    expect(await eventually(async () => (await seenAt()) === start + 61_000)).toBe(true);
    const [item] = await list(me.cookie);
    expect(item.lastSeenAt).toBe(new Date(start + 61_000).toISOString());
    clock.mockRestore();
  });

  it("ends one session by its id (its requests are signed out at once); another member's session id, or a made-up one, is 404", async () => {
    const username = await register();
    const phone = await signIn(username, ANDROID_CHROME);
    const laptop = await signIn(username, WINDOWS_FIREFOX);
    const stranger = await signIn(await register(), MAC_SAFARI);
    const phoneId = (await list(laptop.cookie)).find((s) => !s.current)!.id;
    const strangerId = (await list(stranger.cookie))[0].id;

    const foreign = await request(a.url).delete(`/api/me/sessions/${strangerId}`).set('Cookie', laptop.cookie).expect(404);
    expect(foreign.body.error).toBe(MESSAGES.accountData.sessionNotFound);
    await request(a.url).delete('/api/me/sessions/not-a-session-id').set('Cookie', laptop.cookie).expect(404);
    await request(a.url).get('/api/me').set('Cookie', stranger.cookie).expect(200);

    expect((await request(a.url).delete(`/api/me/sessions/${phoneId}`).set('Cookie', laptop.cookie).expect(200)).body).toEqual({ ended: 1 });
    await request(a.url).get('/api/me').set('Cookie', phone.cookie).expect(401);
    await request(b.url).get('/api/me').set('Cookie', phone.cookie).expect(401);
    await request(a.url).get('/api/me').set('Cookie', laptop.cookie).expect(200);
    expect((await list(laptop.cookie)).map((s) => s.device)).toEqual(['Firefox on Windows']);
    await request(a.url).delete(`/api/me/sessions/${phoneId}`).set('Cookie', laptop.cookie).expect(404);
    await request(a.url).delete(`/api/me/sessions/${phoneId}`).expect(401);
  });

  it("closes the ended session's sockets on another instance", async () => {
    const username = await register();
    const phone = await signIn(username, ANDROID_CHROME);
    const laptop = await signIn(username, WINDOWS_FIREFOX);
    const socket: Socket<ServerToClientEvents> = io(b.url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie: phone.cookie }, forceNew: true, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const phoneId = (await list(laptop.cookie)).find((s) => !s.current)!.id;
    await request(a.url).delete(`/api/me/sessions/${phoneId}`).set('Cookie', laptop.cookie).expect(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('DELETE /api/me/sessions ends every session but the current one', async () => {
    const username = await register();
    const first = await signIn(username, ANDROID_CHROME);
    const second = await signIn(username, MAC_SAFARI);
    const current = await signIn(username, WINDOWS_FIREFOX);
    expect((await request(a.url).delete('/api/me/sessions').set('Cookie', current.cookie).expect(200)).body).toEqual({ ended: 2 });
    for (const ended of [first, second]) await request(a.url).get('/api/me').set('Cookie', ended.cookie).expect(401);
    const items = await list(current.cookie);
    expect(items).toEqual([expect.objectContaining({ current: true, device: 'Firefox on Windows' })]);
    expect((await request(a.url).delete('/api/me/sessions').set('Cookie', current.cookie).expect(200)).body).toEqual({ ended: 0 });
    await request(a.url).delete('/api/me/sessions').expect(401);
  });

  it('ending the current session by its id signs the caller out', async () => {
    const me = await signIn(await register(), MAC_SAFARI);
    const [own] = await list(me.cookie);
    await request(a.url).delete(`/api/me/sessions/${own.id}`).set('Cookie', me.cookie).expect(200);
    await request(a.url).get('/api/me').set('Cookie', me.cookie).expect(401);
  });

  it('raises a new-device sign-in for a browser without the account\'s device cookie, not for one that has it (nor the browser that registered)', async () => {
    const username = uniqueName('dev');
    const registration = await request(a.url).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const registeredDevice = ([] as string[]).concat(registration.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.device='))!.split(';')[0];
    const email = `${username}@example.com`;
    const newSignIns = () => mails.mock.calls.map(([, mail]) => mail).filter((mail) => mail.template === 'new-sign-in' && mail.to === email);

    const atHome = await signIn(username, WINDOWS_FIREFOX, registeredDevice);
    expect(atHome.userId).toEqual(expect.any(Number));
    expect(newSignIns()).toEqual([]);
    const elsewhere = await signIn(username, ANDROID_CHROME);
    expect(newSignIns()).toEqual([{ template: 'new-sign-in', to: email, username, device: 'Chrome on Android', place: '127.0.0.0/24', at: expect.any(String) }]);
    await signIn(username, ANDROID_CHROME, elsewhere.deviceCookie);
    expect(newSignIns()).toHaveLength(1);
  });
});
