import type Redis from 'ioredis';
import { MESSAGES } from '@cloud9/contracts';
import { REDIS } from '../src/common/redis.module';
import { PASSWORD, signUp, SignedIn, uniqueName } from './support/app';
import { bootWatched, countRows, sessionCookieOf, sessionIdOf, WatchedApp } from './support/harness';

const EVIL = 'https://evil.example';
const PARTNER = 'https://app.partner.example';
const creds = (username = uniqueName('org')) => ({ username, email: `${username}@example.com`, password: PASSWORD });

describe('Origin check on state-changing requests', () => {
  let t: WatchedApp;

  beforeAll(async () => {
    t = await bootWatched();
  });
  afterAll(() => t?.close());

  it('refuses a POST from a foreign Origin with 403 and writes nothing', async () => {
    const body = creds();
    const before = await countRows(t, 'users');
    const res = await t.request().post('/api/users').set('Origin', EVIL).send(body).expect(403);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.http.originRefused }));
    expect(await countRows(t, 'users')).toBe(before);
    expect(await countRows(t, 'users', 'username = $1', [body.username])).toBe(0);
  });

  it('refuses a login from a foreign Origin with 403 and starts no session', async () => {
    const user = await signUp(t);
    const res = await t.request().post('/api/login').set('Origin', EVIL).send({ username: user.user.username, password: PASSWORD }).expect(403);
    expect(res.body.error).toBe(MESSAGES.http.originRefused);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses PUT and DELETE from a foreign Origin even with a valid session cookie', async () => {
    const user = await signUp(t);
    const put = await user.agent.put(`/api/users/${user.user.username}`).set('Origin', EVIL).send({ name: 'CSRF' }).expect(403);
    expect(put.body.error).toBe(MESSAGES.http.originRefused);
    const del = await user.agent.delete(`/api/users/${user.user.id}`).set('Origin', EVIL).expect(403);
    expect(del.body.error).toBe(MESSAGES.http.originRefused);
    const [row] = await t.db.query('SELECT name FROM users WHERE id = $1', [user.user.id]);
    expect(row.name).toBeNull();
    await user.agent.get('/api/me').expect(200);
    await user.agent.post('/api/logout').set('Origin', EVIL).expect(403);
    await user.agent.get('/api/me').expect(200);
  });

  it('refuses lookalike origins (other scheme, port or host suffix)', async () => {
    for (const origin of ['https://localhost:3999', 'http://localhost:4000', 'http://localhost:3999.evil.example', 'null']) {
      const res = await t.request().post('/api/users').set('Origin', origin).send(creds()).expect(403);
      expect(res.body.error).toBe(MESSAGES.http.originRefused);
    }
  });

  it('lets a POST with Origin equal to PUBLIC_URL through', async () => {
    expect(t.settings.publicUrl).toBe('http://localhost:3999');
    const body = creds();
    const res = await t.request().post('/api/users').set('Origin', t.settings.publicUrl).send(body).expect(201);
    expect(res.body.user.username).toBe(body.username);
  });

  it('lets a POST without Origin through', async () => {
    await t.request().post('/api/users').send(creds()).expect(201);
  });

  it('treats an origin missing from ALLOWED_ORIGINS as foreign', async () => {
    await t.request().post('/api/users').set('Origin', PARTNER).send(creds()).expect(403);
  });

  it('does not refuse GET requests with a foreign Origin', async () => {
    const user = await signUp(t);
    await t.request().get('/api/groups').set('Origin', EVIL).expect(200);
    await t.request().get(`/api/profile/${user.user.username}`).set('Origin', EVIL).expect(200);
    const me = await user.agent.get('/api/me').set('Origin', EVIL).expect(200);
    expect(me.body.id).toBe(user.user.id);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(10);
    expect(t.leaks).toEqual([]);
  });
});

describe('Origin check with ALLOWED_ORIGINS', () => {
  let partnerApp: WatchedApp;
  beforeAll(async () => {
    partnerApp = await bootWatched({ ALLOWED_ORIGINS: `${PARTNER}, https://other.partner.example/` });
  });
  afterAll(() => partnerApp?.close());

  it('lets a listed origin through and still refuses others', async () => {
    const body = creds();
    await partnerApp.request().post('/api/users').set('Origin', PARTNER).send(body).expect(201);
    expect(await countRows(partnerApp, 'users', 'username = $1', [body.username])).toBe(1);
    await partnerApp.request().post('/api/users').set('Origin', 'https://other.partner.example').send(creds()).expect(201);
    await partnerApp.request().post('/api/users').set('Origin', partnerApp.settings.publicUrl).send(creds()).expect(201);
    const before = await countRows(partnerApp, 'users');
    const res = await partnerApp.request().post('/api/users').set('Origin', EVIL).send(creds()).expect(403);
    expect(res.body.error).toBe(MESSAGES.http.originRefused);
    expect(await countRows(partnerApp, 'users')).toBe(before);
    expect(partnerApp.leaks).toEqual([]);
  });
});

describe('Secure session cookie behind https (PUBLIC_URL https)', () => {
  let t: WatchedApp;
  let user: SignedIn;

  beforeAll(async () => {
    const plain = await bootWatched();
    try {
      user = await signUp(plain);
    } finally {
      await plain.close();
    }
    t = await bootWatched({ PUBLIC_URL: 'https://cloud9.example' });
  });
  afterAll(() => t?.close());

  it('sets an HttpOnly, SameSite=Lax, Secure cookie that keeps the user signed in', async () => {
    const res = await t
      .request()
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', 'https://cloud9.example')
      .send({ username: user.user.username, password: PASSWORD })
      .expect(200);
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/;\s*HttpOnly/i);
    expect(sid).toMatch(/;\s*SameSite=Lax/i);
    const me = await t.request().get('/api/me').set('X-Forwarded-Proto', 'https').set('Cookie', sessionCookieOf(res)).expect(200);
    expect(me.body.id).toBe(user.user.id);
  });

  it('allows the https PUBLIC_URL origin and refuses the plain-http one', async () => {
    await t.request().post('/api/users').set('Origin', 'https://cloud9.example').send(creds()).expect(201);
    await t.request().post('/api/users').set('Origin', 'http://cloud9.example').send(creds()).expect(403);
  });
});

describe('rate limits (login 3/15m, register 2/1h)', () => {
  let rl: WatchedApp;
  let redis: Redis;
  let victim: SignedIn;
  let bystander: SignedIn;
  let resetter: SignedIn;

  beforeAll(async () => {
    // Accounts come from an app with the run's generous limits, so the limited app starts at zero.
    const plain = await bootWatched();
    try {
      [victim, bystander, resetter] = [await signUp(plain), await signUp(plain), await signUp(plain)];
      expect(plain.leaks).toEqual([]);
    } finally {
      await plain.close();
    }
    rl = await bootWatched({ RATE_LIMIT_LOGIN: '3/15m', RATE_LIMIT_REGISTER: '2/1h', REDIS_PREFIX: `${process.env.REDIS_PREFIX}rl1:` });
    redis = rl.app.get(REDIS);
  });
  afterAll(() => rl?.close());

  const login = (username: string, password: string) => rl.request().post('/api/login').send({ username, password });

  it('runs with its own Redis prefix and the configured limits', () => {
    expect(rl.settings.redisPrefix).toBe(`${process.env.REDIS_PREFIX}rl1:`);
    expect(rl.settings.rateLimitLogin).toEqual({ max: 3, windowSeconds: 900 });
    expect(rl.settings.rateLimitRegister).toEqual({ max: 2, windowSeconds: 3600 });
  });

  it('after 3 failed logins for one username, the 4th (even with the right password) gets 429', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login(victim.user.username, `wrong-password-${i}`).expect(401);
      expect(res.body.error).toBe(MESSAGES.auth.invalidCredentials);
    }
    const blocked = await login(victim.user.username, PASSWORD).expect(429);
    expect(blocked.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.tooManyLogins }));
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The same account in another letter case is the same subject.
    await login(victim.user.username.toUpperCase(), PASSWORD).expect(429);
    // The limit is per username: another user from the same address signs in.
    const ok = await login(bystander.user.username, PASSWORD).expect(200);
    expect(ok.body.id).toBe(bystander.user.id);
    expect(await redis.keys(`${rl.settings.redisPrefix}sess:*`)).toContain(`${rl.settings.redisPrefix}sess:${sessionIdOf(sessionCookieOf(ok))}`);
    // The count lives in Redis under this app's prefix, per IP + lower-cased username.
    const keys = await redis.keys(`${rl.settings.redisPrefix}rl:login:*`);
    expect(keys.some((k) => k.endsWith(`:${victim.user.username.toLowerCase()}`))).toBe(true);
  });

  it('a successful login resets the failure count', async () => {
    const user = resetter;
    await login(user.user.username, 'wrong-password-a').expect(401);
    await login(user.user.username, 'wrong-password-b').expect(401);
    await login(user.user.username, PASSWORD).expect(200);
    // Three fresh failures are allowed again (without the reset the 2nd would be the 4th overall).
    for (let i = 0; i < 3; i++) await login(user.user.username, `wrong-again-${i}`).expect(401);
    const blocked = await login(user.user.username, PASSWORD).expect(429);
    expect(blocked.body.error).toBe(MESSAGES.auth.tooManyLogins);
  });

  it('counts failed logins for unknown usernames too', async () => {
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 3; i++) await login(ghost, PASSWORD).expect(401);
    const res = await login(ghost, PASSWORD).expect(429);
    expect(res.body.error).toBe(MESSAGES.auth.tooManyLogins);
  });

  it('lets 2 registrations from one address succeed; the 3rd gets 429 and writes no row', async () => {
    const first = creds();
    const second = creds();
    const third = creds();
    await rl.request().post('/api/users').send(first).expect(201);
    // A refused registration does not use up the allowance.
    await rl.request().post('/api/users').send({ ...creds(), password: 'short' }).expect(400);
    await rl.request().post('/api/users').send({ ...creds(), username: first.username }).expect(409);
    await rl.request().post('/api/users').send(second).expect(201);
    const before = await countRows(rl, 'users');
    const res = await rl.request().post('/api/users').send(third).expect(429);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.tooManyRegistrations }));
    expect(await countRows(rl, 'users')).toBe(before);
    expect(await countRows(rl, 'users', 'username = $1', [third.username])).toBe(0);
    // The registered accounts work.
    await login(first.username, PASSWORD).expect(200);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(rl.inspected()).toBeGreaterThan(15);
    expect(rl.leaks).toEqual([]);
  });
});
