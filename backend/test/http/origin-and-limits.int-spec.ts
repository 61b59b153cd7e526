import { MESSAGES } from '@cloud9/contracts';
import { PASSWORD, signUp, SignedIn, uniqueName } from '../support/app';
import { bootWatched, countRows, sessionCookieOf, WatchedApp } from '../support/harness';

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

  it('refuses GET requests with a foreign Origin too, and answers them without one or from PUBLIC_URL', async () => {
    const user = await signUp(t);
    expect((await t.request().get('/api/groups').set('Origin', EVIL).expect(403)).body.error).toBe(MESSAGES.http.originRefused);
    await user.agent.get('/api/me').set('Origin', EVIL).expect(403);
    await t.request().get(`/api/profile/${user.user.username}`).expect(200);
    const me = await user.agent.get('/api/me').set('Origin', t.settings.publicUrl).expect(200);
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

  it('sets an HttpOnly, SameSite=Lax, Secure __Host- cookie that keeps the user signed in', async () => {
    const res = await t
      .request()
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', 'https://cloud9.example')
      .send({ username: user.user.username, password: PASSWORD })
      .expect(200);
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-c9.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/;\s*HttpOnly/i);
    expect(sid).toMatch(/;\s*SameSite=Lax/i);
    expect(sid).toMatch(/;\s*Path=\/(;|$)/i);
    expect(sid).not.toMatch(/;\s*Domain=/i);
    const me = await t.request().get('/api/me').set('X-Forwarded-Proto', 'https').set('Cookie', sessionCookieOf(res, t.settings)).expect(200);
    expect(me.body.id).toBe(user.user.id);
  });

  it('allows the https PUBLIC_URL origin and refuses the plain-http one', async () => {
    await t.request().post('/api/users').set('Origin', 'https://cloud9.example').send(creds()).expect(201);
    await t.request().post('/api/users').set('Origin', 'http://cloud9.example').send(creds()).expect(403);
  });
});
