import type Redis from 'ioredis';
import request from 'supertest';
import { DEFAULT_GROUP_ID, MESSAGES } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { unsignValue } from '../../src/common/auth/signed-session-cookie';
import { END_BATCH } from '../../src/modules/identity/sessions.service';
import { PASSWORD, signUp, uniqueName } from '../support/app';
import { monitorRedis } from '../support/redis-monitor';
import { bootWatched, countRows, findSecrets, sessionCookieOf, sessionIdOf, WatchedApp } from '../support/harness';

const DAY = 24 * 3600 * 1000;

const CURRENT_USER_KEYS = ['id', 'username', 'email', 'name', 'bio', 'birthdate', 'phone', 'location', 'website', 'thumbnail', 'background', 'group_id'];

describe('accounts and sessions', () => {
  let t: WatchedApp;
  let redis: Redis;

  beforeAll(async () => {
    t = await bootWatched();
    redis = t.app.get(REDIS);
  });
  afterAll(() => t?.close());

  const register = (body: unknown) => t.request().post('/api/users').send(body as object);
  const creds = (username = uniqueName('reg')) => ({ username, email: `${username}@example.com`, password: PASSWORD });

  describe('POST /api/users (registration)', () => {
    it('creates a Basic user and answers 201 {success, user} without any password field', async () => {
      const body = creds();
      const res = await register({ ...body, confirmPassword: PASSWORD }).expect(201);
      expect(res.body.success).toBe(true);
      expect(res.body.user).toEqual(expect.objectContaining({ username: body.username, email: body.email, group_id: DEFAULT_GROUP_ID }));
      expect(res.body.user.group_id).toBe(5);
      expect(typeof res.body.user.id).toBe('number');
      expect(findSecrets(res.text)).toEqual([]);
      const [row] = await t.db.query('SELECT group_id, password_hash FROM users WHERE username = $1', [body.username]);
      expect(row.group_id).toBe(5);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(res.text).not.toContain(row.password_hash);
    });

    it('accepts registration without confirmPassword', async () => {
      await register(creds()).expect(201);
    });

    it('refuses a username taken in another letter case with 409 and the catalogue message', async () => {
      const name = uniqueName('Clash');
      await register(creds(name)).expect(201);
      const before = await countRows(t, 'users');
      const res = await register({ ...creds(name.toUpperCase()), email: `${uniqueName('other')}@example.com` }).expect(409);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.usernameTaken }));
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('refuses an email taken in another letter case with 409 and the catalogue message', async () => {
      const first = creds();
      await register(first).expect(201);
      const before = await countRows(t, 'users');
      const res = await register({ ...creds(), email: first.email.toUpperCase() }).expect(409);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.emailTaken }));
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('refuses a confirmPassword mismatch with 400 "Passwords do not match." and writes nothing', async () => {
      const before = await countRows(t, 'users');
      const res = await register({ ...creds(), confirmPassword: 'something-else-1' }).expect(400);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.passwordsDoNotMatch }));
      expect(res.body.error).toBe('Passwords do not match.');
      expect(await countRows(t, 'users')).toBe(before);
    });

    const ok = () => creds();
    const malformed: [string, () => unknown, string | null][] = [
      ['an empty object', () => ({}), MESSAGES.auth.usernameRequired],
      ['a missing username', () => ({ ...ok(), username: undefined }), MESSAGES.auth.usernameRequired],
      ['a missing email', () => ({ ...ok(), email: undefined }), MESSAGES.auth.emailRequired],
      ['a missing password', () => ({ ...ok(), password: undefined }), MESSAGES.auth.passwordRequired],
      ['a numeric username', () => ({ ...ok(), username: 12345 }), MESSAGES.auth.usernameRequired],
      ['an array username', () => ({ ...ok(), username: ['abc_def'] }), MESSAGES.auth.usernameRequired],
      ['an object username', () => ({ ...ok(), username: { $ne: '' } }), MESSAGES.auth.usernameRequired],
      ['a null username', () => ({ ...ok(), username: null }), MESSAGES.auth.usernameRequired],
      ['a numeric email', () => ({ ...ok(), email: 42 }), MESSAGES.auth.emailRequired],
      ['an array email', () => ({ ...ok(), email: ['a@b.co'] }), MESSAGES.auth.emailRequired],
      ['a null email', () => ({ ...ok(), email: null }), MESSAGES.auth.emailRequired],
      ['a numeric password', () => ({ ...ok(), password: 123456789 }), MESSAGES.auth.passwordRequired],
      ['an object password', () => ({ ...ok(), password: { a: 'b' } }), MESSAGES.auth.passwordRequired],
      ['a null password', () => ({ ...ok(), password: null }), MESSAGES.auth.passwordRequired],
      ['a numeric confirmPassword', () => ({ ...ok(), confirmPassword: 12345678 }), null],
      ['a two-letter username', () => ({ ...ok(), username: 'ab' }), MESSAGES.auth.usernameInvalid],
      ['a 31-letter username', () => ({ ...ok(), username: 'a'.repeat(31) }), MESSAGES.auth.usernameInvalid],
      ['a very long username', () => ({ ...ok(), username: 'a'.repeat(10_000) }), MESSAGES.auth.usernameInvalid],
      ['a username with a space', () => ({ ...ok(), username: 'bad name' }), MESSAGES.auth.usernameInvalid],
      ['a username "drop;table"', () => ({ ...ok(), username: 'drop;table' }), MESSAGES.auth.usernameInvalid],
      ['a unicode username', () => ({ ...ok(), username: 'ünïcødé_名前' }), MESSAGES.auth.usernameInvalid],
      ['a username with a quote', () => ({ ...ok(), username: "o'brien" }), MESSAGES.auth.usernameInvalid],
      ['a blank username', () => ({ ...ok(), username: '   ' }), MESSAGES.auth.usernameRequired],
      ['an email without @', () => ({ ...ok(), email: 'not-an-email' }), MESSAGES.auth.emailInvalid],
      ['an email without a domain dot', () => ({ ...ok(), email: 'a@b' }), MESSAGES.auth.emailInvalid],
      ['an email with spaces', () => ({ ...ok(), email: 'a b@c.de' }), MESSAGES.auth.emailInvalid],
      ['an over-long email', () => ({ ...ok(), email: `${'a'.repeat(250)}@example.com` }), MESSAGES.auth.emailInvalid],
      ['a 7-character password', () => ({ ...ok(), password: '1234567' }), MESSAGES.auth.passwordTooShort],
      ['an empty password', () => ({ ...ok(), password: '' }), MESSAGES.auth.passwordRequired],
      ['a 257-character password', () => ({ ...ok(), password: 'p'.repeat(257) }), MESSAGES.auth.passwordTooLong],
      ['an array body', () => [ok()], null],
      ['a JSON string body', () => JSON.stringify('hello'), null],
    ];

    it.each(malformed)('refuses %s with 400 (never 500) and writes nothing', async (_what, body, message) => {
      const before = await countRows(t, 'users');
      const payload = body();
      const req = t.request().post('/api/users');
      const res = typeof payload === 'string' ? await req.set('Content-Type', 'application/json').send(payload) : await req.send(payload as object);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error).toBe('string');
      if (message) expect(res.body.error).toBe(message);
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('refuses a body that is not valid JSON with 400 and the catalogue message', async () => {
      const before = await countRows(t, 'users');
      const res = await t.request().post('/api/users').set('Content-Type', 'application/json').send('{"username": "abc_def", "email": ').expect(400);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.http.invalidJson }));
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('refuses a request with no body at all with 400', async () => {
      const before = await countRows(t, 'users');
      const res = await t.request().post('/api/users').expect(400);
      expect(res.body.success).toBe(false);
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('two simultaneous sign-ups for one name (different case) give one 201 and one 409, never 500', async () => {
      const name = uniqueName('Race');
      const results = await Promise.all([
        register(creds(name)),
        register({ ...creds(name.toLowerCase()), email: `${uniqueName('race2')}@example.com` }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe(MESSAGES.auth.usernameTaken);
      expect(await countRows(t, 'users', 'username = $1', [name])).toBe(1);
    });

    it('two simultaneous sign-ups for one email give one 201 and one 409 with the email message', async () => {
      const email = `${uniqueName('race')}@example.com`;
      const results = await Promise.all([register({ ...creds(), email }), register({ ...creds(), email: email.toUpperCase() })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe(MESSAGES.auth.emailTaken);
      expect(await countRows(t, 'users', 'email = $1', [email])).toBe(1);
    });

    it('stores the username as given but keeps usernames unique ignoring case', async () => {
      const name = uniqueName('MiXeD');
      await register(creds(name)).expect(201);
      const res = await register({ ...creds(name.toLowerCase()), email: `${uniqueName('x')}@example.com` }).expect(409);
      expect(res.body.error).toBe(MESSAGES.auth.usernameTaken);
      expect(await countRows(t, 'users', 'lower(username::text) = lower($1)', [name])).toBe(1);
    });
  });

  describe('POST /api/login, GET /api/me, POST /api/logout', () => {
    let username: string;
    let email: string;

    beforeAll(async () => {
      username = uniqueName('Login');
      email = `${username}@example.com`;
      await register({ username, email, password: PASSWORD }).expect(201);
    });

    it('answers 200 with the current-user object and an HttpOnly, SameSite=Lax, non-Secure session cookie', async () => {
      const res = await t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200);
      for (const key of CURRENT_USER_KEYS) expect(res.body).toHaveProperty(key);
      expect(res.body).toEqual(expect.objectContaining({ username, email, group_id: 5, name: null, bio: null, thumbnail: null }));
      expect(findSecrets(res.text)).toEqual([]);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const sid = cookies.find((c) => c.startsWith('c9.sid='));
      expect(sid).toBeDefined();
      expect(sid).toMatch(/;\s*HttpOnly/i);
      expect(sid).toMatch(/;\s*SameSite=Lax/i);
      expect(sid).not.toMatch(/;\s*Secure/i);
    });

    it('keeps the session in Redis under REDIS_PREFIX', async () => {
      const res = await t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const cookie = sessionCookieOf(res);
      const key = `${t.settings.redisPrefix}sess:${sessionIdOf(cookie)}`;
      expect(await redis.exists(key)).toBe(1);
      expect(await redis.keys(`${t.settings.redisPrefix}sess:*`)).toContain(key);
      expect(await redis.get(key)).toContain(`"userId":${res.body.id}`);
    });

    it('signs in by email, and by username in any letter case', async () => {
      const byEmail = await t.request().post('/api/login').send({ username: email.toUpperCase(), password: PASSWORD }).expect(200);
      expect(byEmail.body.username).toBe(username);
      const byCase = await t.request().post('/api/login').send({ username: username.toUpperCase(), password: PASSWORD }).expect(200);
      expect(byCase.body.username).toBe(username);
      const byLower = await t.request().post('/api/login').send({ username: username.toLowerCase(), password: PASSWORD }).expect(200);
      expect(byLower.body.id).toBe(byCase.body.id);
    });

    it('refuses a wrong password and an unknown user with 401 and the same message, setting no cookie', async () => {
      const wrong = await t.request().post('/api/login').send({ username, password: 'not-the-password' }).expect(401);
      expect(wrong.body).toEqual(expect.objectContaining({ success: false, error: 'Invalid username or password.' }));
      expect(wrong.body.error).toBe(MESSAGES.auth.invalidCredentials);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const unknown = await t.request().post('/api/login').send({ username: uniqueName('ghost'), password: PASSWORD }).expect(401);
      expect(unknown.body.error).toBe(MESSAGES.auth.invalidCredentials);
      const unknownEmail = await t.request().post('/api/login').send({ username: 'ghost@nowhere.example', password: PASSWORD }).expect(401);
      expect(unknownEmail.body.error).toBe(MESSAGES.auth.invalidCredentials);
    });

    it.each([
      ['no body', undefined],
      ['a numeric username', { username: 42, password: PASSWORD }],
      ['an object password', { username: 'someone', password: { $gt: '' } }],
      ['an array body', [{ username: 'someone', password: PASSWORD }]],
    ])('refuses a login with %s with 400, not 500', async (_what, body) => {
      const res = await t.request().post('/api/login').send(body as object).expect(400);
      expect(res.body.success).toBe(false);
    });

    it('GET /api/me gives the user (whether two-factor is on, the colour theme) with the cookie and 401 without', async () => {
      const agent = t.agent();
      const login = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const me = await agent.get('/api/me').expect(200);
      expect(me.body).toEqual({ ...login.body, twoFactor: { totp: false }, theme: 'system' });
      const anon = await t.request().get('/api/me').expect(401);
      expect(anon.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.notSignedIn }));
    });

    it('refuses a forged or garbage cookie with 401', async () => {
      await t.request().get('/api/me').set('Cookie', 'c9.sid=s%3Aforged-session.invalidsignature').expect(401);
      await t.request().get('/api/me').set('Cookie', 'c9.sid=garbage').expect(401);
    });

    it('POST /api/logout ends the session on the server: the old cookie no longer works', async () => {
      const login = await t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const cookie = sessionCookieOf(login);
      const key = `${t.settings.redisPrefix}sess:${sessionIdOf(cookie)}`;
      await t.request().get('/api/me').set('Cookie', cookie).expect(200);

      const out = await t.request().post('/api/logout').set('Cookie', cookie).expect(200);
      expect(out.body).toEqual({ success: true });
      expect(await redis.exists(key)).toBe(0);

      const after = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(401);
      expect(after.body.error).toBe(MESSAGES.auth.notSignedIn);
    });

    it('logging out one session leaves the user’s other sessions alive', async () => {
      const a = await signUp(t);
      const other = t.agent();
      await other.post('/api/login').send({ username: a.user.username, password: PASSWORD }).expect(200);
      await a.agent.post('/api/logout').expect(200);
      await a.agent.get('/api/me').expect(401);
      await other.get('/api/me').expect(200);
    });

    it('sets a device cookie naming the account, signed with the session secret, HttpOnly and SameSite=Strict, new at each sign-in', async () => {
      const cookieOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.device='))!;
      const first = await t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const second = await t.request().post('/api/login').send({ username: email, password: PASSWORD }).expect(200);
      const values = [first, second].map((res) => {
        const cookie = cookieOf(res);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Strict/i);
        expect(cookie).toMatch(/;\s*Path=\//i);
        expect(Date.parse(/Expires=([^;]+)/i.exec(cookie)![1])).toBeGreaterThan(Date.now() + 300 * DAY);
        return unsignValue(decodeURIComponent(cookie.split(';')[0].slice('c9.device='.length)), t.settings.sessionSecret);
      });
      for (const value of values) expect(value).toMatch(new RegExp(`^${first.body.id}\\.[\\w-]{16,}$`));
      expect(values[0]).not.toBe(values[1]);
      // A refused sign-in sets none.
      const wrong = await t.request().post('/api/login').send({ username, password: 'not-it-at-all' }).expect(401);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('issues a fresh session id at sign-in (no session fixation)', async () => {
      const agent = t.agent();
      const first = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const second = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
      const firstId = sessionIdOf(sessionCookieOf(first));
      expect(sessionIdOf(sessionCookieOf(second))).not.toBe(firstId);
      expect(await redis.exists(`${t.settings.redisPrefix}sess:${firstId}`)).toBe(0);
    });
  });

  describe('ending all of an account’s sessions', () => {
    it('deletes them a batch at a time, however many there are', async () => {
      const me = await signUp(t);
      const keys = t.app.get(RedisKeys);
      // 1,000 more sessions of this account, as sign-ins over the last days would have left them.
      const now = Date.now();
      const ids = Array.from({ length: 1000 }, (_, i) => `many-${me.user.id}-${i}`);
      const seed = redis.pipeline();
      for (const [i, id] of ids.entries()) {
        const createdAt = now - i * 60_000;
        seed.set(keys.session(id), JSON.stringify({ cookie: { originalMaxAge: DAY, expires: new Date(now + DAY).toISOString() }, userId: me.user.id, createdAt }), 'PX', DAY);
        seed.zadd(keys.userSessions(me.user.id), createdAt, id);
      }
      await seed.exec();
      // Every DEL this Redis receives while the account is deleted, as its keys.
      const deletes: string[][] = [];
      const monitor = await monitorRedis(t.settings.redisUrl, (args) => {
        if (/^(del|unlink)$/i.test(args[0]) && args.some((a) => a.includes(`many-${me.user.id}-`))) deletes.push(args.slice(1));
      });
      try {
        await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
        await me.agent.get('/api/me').expect(401);
      } finally {
        monitor.stop();
      }
      expect(await redis.exists(...ids.map((id) => keys.session(id)))).toBe(0);
      expect(await redis.exists(keys.userSessions(me.user.id))).toBe(0);
      expect(deletes.reduce((n, keys) => n + keys.length, 0)).toBeGreaterThanOrEqual(1000);
      expect(Math.max(...deletes.map((keys) => keys.length))).toBeLessThanOrEqual(END_BATCH);
    });
  });

  it('the leak check itself spots password keys and argon2 hashes', () => {
    expect(findSecrets(JSON.stringify({ user: { id: 1, password_hash: 'x' } }))).toHaveLength(1);
    expect(findSecrets(JSON.stringify([{ passwordHash: 'x' }, { confirmPassword: 'y' }]))).toHaveLength(2);
    expect(findSecrets('{"note":"$argon2id$v=19$m=19456,t=2,p=1$abc"}')).toContain('argon2 hash');
    expect(findSecrets(JSON.stringify({ success: true, user: { id: 1, username: 'a' } }))).toEqual([]);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(40);
    expect(t.leaks).toEqual([]);
  });
});

describe('live sessions per account (SESSIONS_PER_ACCOUNT=3)', () => {
  let t: WatchedApp;
  let redis: Redis;
  let keys: RedisKeys;

  beforeAll(async () => {
    t = await bootWatched({ SESSIONS_PER_ACCOUNT: '3', REDIS_PREFIX: `${process.env.REDIS_PREFIX}cap:` });
    redis = t.app.get(REDIS);
    keys = t.app.get(RedisKeys);
  });
  afterAll(() => t?.close());

  const signIn = async (username: string) => sessionCookieOf(await t.request().post('/api/login').send({ username, password: PASSWORD }).expect(200));
  const me = (cookie: string) => t.request().get('/api/me').set('Cookie', cookie);

  it('a sign-in beyond the cap ends the account’s oldest session; other accounts are untouched', async () => {
    const { user } = await signUp(t); // its first session
    const other = await signUp(t);
    const cookies = [await signIn(user.username), await signIn(user.username)];
    const index = keys.userSessions(user.id);
    expect(await redis.zcard(index)).toBe(3);
    const oldest = (await redis.zrange(index, 0, 0))[0];
    const newest = await signIn(user.username);
    expect(await redis.zcard(index)).toBe(3);
    expect(await redis.zrange(index, 0, -1)).not.toContain(oldest);
    expect(await redis.exists(keys.session(oldest))).toBe(0);
    for (const cookie of [...cookies, newest]) await me(cookie).expect(200);
    await other.agent.get('/api/me').expect(200);
  });

  it('the index expires with its newest session’s lifetime, and a sign-in drops the sessions that ended', async () => {
    const { user } = await signUp(t);
    const index = keys.userSessions(user.id);
    const absoluteMs = t.settings.sessionAbsoluteDays * DAY;
    const ttl = await redis.pttl(index);
    expect(ttl).toBeGreaterThan(absoluteMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(absoluteMs);

    const expired = await signIn(user.username);
    const signedOut = await signIn(user.username);
    // One expired in Redis (idle), one signed out; an entry past the absolute lifetime lingers too.
    await redis.del(keys.session(sessionIdOf(expired)));
    await t.request().post('/api/logout').set('Cookie', signedOut).expect(200);
    await redis.zadd(index, Date.now() - absoluteMs - 60_000, 'from-long-ago');
    const kept = (await redis.zrange(index, 0, -1)).filter((id) => id !== 'from-long-ago' && id !== sessionIdOf(expired));
    expect(kept).toHaveLength(1);

    const fresh = await signIn(user.username);
    expect((await redis.zrange(index, 0, -1)).sort()).toEqual([...kept, sessionIdOf(fresh)].sort());
    // None of those counted against the cap: both live sessions still work.
    await me(fresh).expect(200);
  });
});
