import type Redis from 'ioredis';
import { MESSAGES } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { PASSWORD, uniqueName } from '../support/app';
import { sessionCookieOf, sessionIdOf, tinyPng } from '../support/harness';
import { closed, SocketClients, startInstance, type Instance } from '../support/instances';

const NEW_PASSWORD = 'a-brand-new-password-9';
const clients = new SocketClients();
const connect = (url: string, cookie: string) => clients.connect(url, cookie);

describe('changing one\'s password (PUT /api/users/:username)', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const prefix = `${process.env.REDIS_PREFIX}pw1:`;
    [a, b] = [await startInstance(prefix), await startInstance(prefix)];
  });
  afterAll(async () => {
    clients.closeSockets();
    await a?.t.close();
    await b?.t.close();
  });

  /** An account with two sessions (two browsers), each with its cookie. */
  async function twoSessions() {
    const username = uniqueName('pw');
    await a.t.request().post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const here = a.t.agent();
    const login = await here.post('/api/login').send({ username, password: PASSWORD }).expect(200);
    const elsewhere = await b.t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { id: login.body.id as number, username, here, hereCookie: sessionCookieOf(login), elsewhereCookie: sessionCookieOf(elsewhere) };
  }

  const signsIn = async (username: string, password: string) => (await a.t.request().post('/api/login').send({ username, password })).status === 200;
  const storedName = async (id: number) => (await a.t.db.query('SELECT name FROM users WHERE id = $1', [id]))[0].name as string | null;

  it('without currentPassword: 403 with the catalogue message, nothing changed, no session ended', async () => {
    const user = await twoSessions();
    const res = await user.here.put(`/api/users/${user.username}`).send({ name: 'Not Saved', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).expect(403);
    expect(res.body).toEqual({ success: false, error: MESSAGES.auth.currentPasswordRequired, statusCode: 403 });
    expect(await storedName(user.id)).toBeNull();
    expect(await signsIn(user.username, PASSWORD)).toBe(true);
    await b.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(200);
  });

  it('with a wrong currentPassword: 403 with the catalogue message, nothing changed (multipart images neither), no session ended', async () => {
    const user = await twoSessions();
    const json = await user.here
      .put(`/api/users/${user.username}`)
      .send({ name: 'Not Saved', currentPassword: 'not-my-password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(403);
    expect(json.body).toEqual({ success: false, error: MESSAGES.auth.currentPasswordWrong, statusCode: 403 });
    const form = await user.here
      .put(`/api/users/${user.username}`)
      .field('name', 'Not Saved')
      .field('currentPassword', `${PASSWORD}x`)
      .field('password', NEW_PASSWORD)
      .field('confirmPassword', NEW_PASSWORD)
      .attach('thumbnail', tinyPng(), 'me.png')
      .expect(403);
    expect(form.body.error).toBe(MESSAGES.auth.currentPasswordWrong);
    const [row] = await a.t.db.query('SELECT name, thumbnail FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ name: null, thumbnail: null });
    expect(await signsIn(user.username, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(user.username, PASSWORD)).toBe(true);
    await b.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(200);
  });

  it('with the right currentPassword: changed; every other session and its socket end, this one and its socket stay', async () => {
    const user = await twoSessions();
    const bystander = await twoSessions();
    const socketHere = await connect(a.url, user.hereCookie);
    const socketElsewhere = await connect(b.url, user.elsewhereCookie);
    const bystanderSocket = await connect(b.url, bystander.elsewhereCookie);
    const elsewhereClosed = closed(socketElsewhere);

    const res = await user.here
      .put(`/api/users/${user.username}`)
      .send({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(200);
    expect(res.body.username).toBe(user.username);
    expect(res.headers['set-cookie']).toBeUndefined(); // the current session is kept as it is

    // The other browser: its socket is closed by the server (on the other instance) and its cookie is dead.
    expect(await elsewhereClosed).toBe('io server disconnect');
    await b.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(401);
    await a.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(401);
    // This browser: still signed in, its socket still connected and still receiving.
    await user.here.get('/api/me').expect(200);
    expect(socketHere.connected).toBe(true);
    const received = new Promise((resolve) => socketHere.once('alert:removed', resolve));
    b.t.app.get(RealtimeService).toUser(user.id, 'alert:removed', { id: 7 });
    expect(await received).toEqual({ id: 7 });
    // Redis keeps only the current session in the user's index.
    const redis = a.t.app.get<Redis>(REDIS);
    expect(await redis.zrange(a.t.app.get(RedisKeys).userSessions(user.id), 0, -1)).toEqual([sessionIdOf(user.hereCookie)]);
    // Someone else's sessions are untouched.
    expect(bystanderSocket.connected).toBe(true);
    await b.t.request().get('/api/me').set('Cookie', bystander.elsewhereCookie).expect(200);

    expect(await signsIn(user.username, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(user.username, PASSWORD)).toBe(false);
  });

  it('PUT /api/profile/:username changes images only: password fields there are ignored', async () => {
    const user = await twoSessions();
    await user.here
      .put(`/api/profile/${user.username}`)
      .field('currentPassword', PASSWORD)
      .field('password', NEW_PASSWORD)
      .field('confirmPassword', NEW_PASSWORD)
      .attach('thumbnail', tinyPng(), 'me.png')
      .expect(200);
    expect(await signsIn(user.username, PASSWORD)).toBe(true);
    await b.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(200);
  });

  it('an admin reset still ends every session of the user, and their sockets', async () => {
    const user = await twoSessions();
    const adminName = uniqueName('pwadmin');
    await a.t.request().post('/api/users').send({ username: adminName, email: `${adminName}@example.com`, password: PASSWORD }).expect(201);
    await a.t.db.query('UPDATE users SET group_id = 1 WHERE username = $1', [adminName]);
    const admin = a.t.agent();
    await admin.post('/api/login').send({ username: adminName, password: PASSWORD }).expect(200);
    const userSockets = [await connect(a.url, user.hereCookie), await connect(b.url, user.elsewhereCookie)];
    const bothClosed = Promise.all(userSockets.map((s) => closed(s)));

    await admin.post('/api/admin/reset-password').send({ username: user.username, newPassword: NEW_PASSWORD }).expect(200);
    expect(await bothClosed).toEqual(['io server disconnect', 'io server disconnect']);
    await user.here.get('/api/me').expect(401);
    await b.t.request().get('/api/me').set('Cookie', user.elsewhereCookie).expect(401);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(a.t.inspected()).toBeGreaterThan(20);
    expect([...a.t.leaks, ...b.t.leaks]).toEqual([]);
  });
});
