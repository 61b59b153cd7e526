import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import type Redis from 'ioredis';
import type request from 'supertest';
import { GIF_MESSAGES, MESSAGES } from '@cloud9/contracts';
import { REDIS } from '../../src/common/redis.module';
import { FakeGiphy, startFakeGiphy } from '../fakes/giphy-server';
import { FakePayPal, startFakePayPal } from '../fakes/paypal-server';
import { PASSWORD, uniqueName } from '../support/app';
import { bootWatched, countRows, eventually, filesUnder, sessionCookieOf, tinyPng, WatchedApp } from '../support/harness';
import { PrivateRedis, startPrivateRedis } from '../support/private-services';

/**
 * Anti-automation: each RATE_LIMIT_* setting proven on apps booted with small limits.
 * TRUST_PROXY is on, so each test picks its client address with X-Forwarded-For.
 */

/** A client address no other test uses. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Member {
  agent: ReturnType<WatchedApp['agent']>;
  user: { id: number; username: string; email: string };
  ip: string;
  /** The session cookie, for requests to another instance. */
  cookie: string;
}

/** Registers and signs in through the app, every request from `ip`. */
async function member(t: WatchedApp, ip = freshIp()): Promise<Member> {
  const username = uniqueName('rl');
  const agent = t.agent().set('X-Forwarded-For', ip);
  await agent.post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
  const login = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
  return { agent, user: login.body, ip, cookie: sessionCookieOf(login) };
}

/** The refusal contract: 429, the catalogue message, Retry-After and the RateLimit-* headers. */
function expectRefused(res: request.Response, error: string, limit: number, windowSeconds: number): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: { success: false, error, statusCode: 429 } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds).toBe(true);
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(res.headers['ratelimit-remaining']).toBe('0');
  const reset = Number(res.headers['ratelimit-reset']);
  expect(reset >= 1 && reset <= windowSeconds).toBe(true);
}

describe('per-action limits (one app)', () => {
  const GIPHY_KEY = 'rate-limit-giphy-key';
  let t: WatchedApp;
  let giphy: FakeGiphy;

  beforeAll(async () => {
    giphy = await startFakeGiphy({ apiKey: GIPHY_KEY });
    t = await bootWatched({
      TRUST_PROXY: 'true',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}rla:`,
      GIPHY_API_BASE: giphy.baseUrl,
      GIPHY_API_KEY: GIPHY_KEY,
      GIPHY_MEDIA_HOSTS: giphy.mediaHost,
      RATE_LIMIT_POSTS: '3/1h',
      RATE_LIMIT_UPLOADS: '3/1h',
      RATE_LIMIT_FOLLOWS: '3/1h',
      RATE_LIMIT_SEARCH: '3/1m',
      RATE_LIMIT_GIFS: '2/1m',
      RATE_LIMIT_GIF_PINGBACKS: '2/1m',
      GIPHY_PINGBACK_URL: giphy.pingbackUrl,
      RATE_LIMIT_LOGIN_IP: '4/5m',
      RATE_LIMIT_LOGIN: '3/15m',
      RATE_LIMIT_REGISTER: '3/30m',
      RATE_LIMIT_PASSWORD: '2/1h',
      RATE_LIMIT_REACTIONS: '3/5m',
      // RATE_LIMIT_API_ANON and RATE_LIMIT_API_USER stay 0/1m (off) from the test environment.
    });
  });
  afterAll(async () => {
    await t?.close();
    await giphy?.close();
  });

  it('RATE_LIMIT_POSTS counts posts, replies and reposts per account; the 4th is refused and writes nothing', async () => {
    const author = await member(t);
    const neighbour = await member(t, author.ip);
    const post = await author.agent.post('/api/posts').send({ content: 'one' }).expect(201);
    expect(post.headers['ratelimit-limit']).toBe('3');
    expect(post.headers['ratelimit-remaining']).toBe('2');
    await author.agent.post(`/api/posts/${post.body.id}/reply`).send({ content: 'two' }).expect(201);
    const repost = await author.agent.post(`/api/posts/${post.body.id}/repost`).send({}).expect(200);
    expect(repost.headers['ratelimit-remaining']).toBe('0');

    const [posts, reposts] = [await countRows(t, 'posts'), await countRows(t, 'reposts')];
    expectRefused(await author.agent.post('/api/posts').send({ content: 'four' }), MESSAGES.rateLimit.posts, 3, 3600);
    expectRefused(await author.agent.post(`/api/posts/${post.body.id}/reply`).send({ content: 'five' }), MESSAGES.rateLimit.posts, 3, 3600);
    expectRefused(await author.agent.post(`/api/posts/${post.body.id}/repost`).send({}), MESSAGES.rateLimit.posts, 3, 3600);
    expect([await countRows(t, 'posts'), await countRows(t, 'reposts')]).toEqual([posts, reposts]);
    // Per account: another account at the same address still posts; liking is not posting.
    await neighbour.agent.post('/api/posts').send({ content: 'neighbour' }).expect(201);
    await author.agent.post(`/api/posts/${post.body.id}/like`).send({}).expect(200);
  });

  it('RATE_LIMIT_UPLOADS counts media files per account (posts and profile images); text posts stay free', async () => {
    const poster = await member(t);
    await poster.agent.post('/api/posts').field('content', 'with a file').attach('file', tinyPng(), 'a.png').expect(201);
    const profile = await poster.agent
      .put(`/api/users/${poster.user.username}`)
      .attach('thumbnail', tinyPng([1, 2, 3, 255]), 'thumb.png')
      .attach('background', tinyPng([4, 5, 6, 255]), 'banner.png')
      .expect(200);
    expect(profile.headers['ratelimit-remaining']).toBe('0');

    const [posts, media] = [await countRows(t, 'posts'), await countRows(t, 'media')];
    const refused = await poster.agent.post('/api/posts').field('content', 'one file too many').attach('file', tinyPng(), 'b.png');
    expectRefused(refused, MESSAGES.rateLimit.uploads, 3, 3600);
    const image = await poster.agent.put(`/api/profile/${poster.user.username}`).attach('thumbnail', tinyPng(), 'c.png');
    expectRefused(image, MESSAGES.rateLimit.uploads, 3, 3600);
    expect([await countRows(t, 'posts'), await countRows(t, 'media')]).toEqual([posts, media]);
    // The refused files were read, then discarded: nothing waits in the incoming folder.
    expect(await eventually(async () => (await filesUnder(path.join(t.settings.uploadDir, '.incoming'))).length === 0)).toBe(true);
    // A post without a file is not an upload.
    await poster.agent.post('/api/posts').field('content', 'just words').expect(201);
    // Per account: another account uploads.
    const other = await member(t, poster.ip);
    await other.agent.post('/api/posts').field('content', 'mine').attach('file', tinyPng(), 'd.png').expect(201);
  });

  it('RATE_LIMIT_FOLLOWS counts follow and unfollow actions per account', async () => {
    const fan = await member(t);
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const pair = (target: Member) => ({ followerId: fan.user.id, followedId: target.user.id });
    await fan.agent.post('/api/follow').send(pair(a)).expect(200);
    await fan.agent.post('/api/unfollow').send(pair(a)).expect(200);
    const third = await fan.agent.post('/api/follow').send(pair(b)).expect(200);
    expect(third.headers['ratelimit-remaining']).toBe('0');
    expectRefused(await fan.agent.post('/api/follow').send(pair(c)), MESSAGES.rateLimit.follows, 3, 3600);
    expectRefused(await fan.agent.post('/api/unfollow').send(pair(b)), MESSAGES.rateLimit.follows, 3, 3600);
    expect(await countRows(t, 'follows', 'follower_id = $1', [fan.user.id])).toBe(1);
    await c.agent.post('/api/follow').send({ followerId: c.user.id, followedId: fan.user.id }).expect(200);
  });

  it('RATE_LIMIT_REACTIONS counts likes, unlikes, repost toggles and edits per account; a refused one writes and pushes nothing', async () => {
    const author = await member(t);
    const fan = await member(t);
    const postId = (await author.agent.post('/api/posts').send({ content: 'react to me' }).expect(201)).body.id as number;
    const like = () => fan.agent.post(`/api/posts/${postId}/like`).send({});
    const first = await like().expect(200);
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    await like().expect(200); // unlike
    const repost = await fan.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
    expect(repost.headers['ratelimit-remaining']).toBe('0');

    const alerts = () => countRows(t, 'user_alerts', 'recipient_id = $1', [author.user.id]);
    const before = [await countRows(t, 'likes', 'post_id = $1', [postId]), await countRows(t, 'reposts', 'post_id = $1', [postId]), await alerts()];
    expectRefused(await like(), MESSAGES.rateLimit.reactions, 3, 300);
    expectRefused(await fan.agent.post(`/api/posts/${postId}/repost`).send({}), MESSAGES.rateLimit.reactions, 3, 300);
    expect([await countRows(t, 'likes', 'post_id = $1', [postId]), await countRows(t, 'reposts', 'post_id = $1', [postId]), await alerts()]).toEqual(before);
    // Per account: another account at the same address still likes.
    const neighbour = await member(t, fan.ip);
    await neighbour.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);

    // Edits count (each can mention and unmention accounts): a Silver member's fourth edit is refused and changes nothing.
    const editor = await member(t);
    await t.db.query('UPDATE users SET group_id = 6 WHERE id = $1', [editor.user.id]);
    const silver = t.agent().set('X-Forwarded-For', editor.ip);
    await silver.post('/api/login').send({ username: editor.user.username, password: PASSWORD }).expect(200);
    const own = (await silver.post('/api/posts').send({ content: 'draft' }).expect(201)).body.id as number;
    for (const [i, who] of [fan, author].entries()) await silver.put(`/api/posts/${own}/edit`).send({ content: `hi @${who.user.username} ${i}` }).expect(200);
    await silver.put(`/api/posts/${own}/edit`).send({ content: 'hi nobody' }).expect(200);
    expectRefused(await silver.put(`/api/posts/${own}/edit`).send({ content: `hi @${fan.user.username} again` }), MESSAGES.rateLimit.reactions, 3, 300);
    expect((await t.db.query('SELECT content FROM posts WHERE id = $1', [own]))[0].content).toBe('hi nobody');
  });

  it('RATE_LIMIT_SEARCH counts post, user and profile searches and the feed search box per IP when anonymous', async () => {
    const ip = freshIp();
    const from = (url: string) => t.request().get(url).set('X-Forwarded-For', ip);
    await from('/api/search/posts?query=clouds').expect(200);
    const users = await from(`/api/search/user/${randomBytes(6).toString('hex')}`).expect(404); // nobody matches: still a search
    expect(users.headers['ratelimit-remaining']).toBe('1');
    // The feed without a search is not a search.
    for (let i = 0; i < 5; i++) await from('/api/posts').expect(200);
    const feedSearch = await from('/api/posts?search=clouds').expect(200);
    expect(feedSearch.headers['ratelimit-remaining']).toBe('0');
    expectRefused(await from('/api/search/profile/nobody?query=x'), MESSAGES.rateLimit.search, 3, 60);
    expectRefused(await from('/api/posts/category/news?search=x'), MESSAGES.rateLimit.search, 3, 60);
    expectRefused(await from('/api/search/posts?query=again'), MESSAGES.rateLimit.search, 3, 60);
    await from('/api/posts?search=').expect(200);
    await t.request().get('/api/search/posts?query=clouds').set('X-Forwarded-For', freshIp()).expect(200);
  });

  it('RATE_LIMIT_SEARCH counts per account when signed in (notice search included)', async () => {
    const reader = await member(t);
    const neighbour = await member(t, reader.ip);
    await reader.agent.get('/api/search/notifications?query=x').expect(200);
    await reader.agent.get('/api/search/posts?query=x').expect(200);
    await reader.agent.get('/api/posts?search=x').expect(200);
    expectRefused(await reader.agent.get('/api/search/notifications?query=y'), MESSAGES.rateLimit.search, 3, 60);
    // Same address, other account; and the address itself has searched nothing yet.
    await neighbour.agent.get('/api/search/notifications?query=x').expect(200);
    await t.request().get('/api/search/posts?query=x').set('X-Forwarded-For', reader.ip).expect(200);
  });

  it('RATE_LIMIT_GIFS counts only provider calls, per IP: cached answers are free', async () => {
    const ip = freshIp();
    const word = () => `w${randomBytes(4).toString('hex')}`;
    const gifs = (q: string, who = ip) => t.request().get(`/api/gifs/search?q=${q}`).set('X-Forwarded-For', who);
    const upstream = (q: string) => giphy.requests.filter((r) => r.query.q === q).length;
    const [first, second, third] = [word(), word(), word()];

    await gifs(first).expect(200);
    for (let i = 0; i < 5; i++) await gifs(first).expect(200);
    expect(upstream(first)).toBe(1);
    await gifs(second).expect(200);
    const refused = await gifs(third);
    expectRefused(refused, MESSAGES.rateLimit.gifs, 2, 60);
    expect(upstream(third)).toBe(0);
    // Still free from the cache after the limit is reached.
    await gifs(first).expect(200);
    // Per IP, signed in or not.
    const signedIn = await member(t, ip);
    expectRefused(await signedIn.agent.get(`/api/gifs/search?q=${third}`), MESSAGES.rateLimit.gifs, 2, 60);
    await gifs(third, freshIp()).expect(200);
    expect(upstream(third)).toBe(1);
  });

  it('RATE_LIMIT_GIF_PINGBACKS counts event batches per IP; a refused batch never reaches the provider', async () => {
    const ip = freshIp();
    const batch = () => ({ events: [{ action_type: 'SEEN', analytics_response_payload: 'e=fake-fake01', ts: Date.now(), user_id: 'rl1' }] });
    const send = (who = ip) => t.request().post('/api/gifs/pingback').set('X-Forwarded-For', who).send(batch());
    await send().expect(202);
    await send().expect(202);
    const refused = await send();
    expectRefused(refused, GIF_MESSAGES.tooManyEvents, 2, 60);
    await send(freshIp()).expect(202);
    // Forwarding runs after the answer: wait for the three accepted batches, then make sure no fourth comes.
    const deadline = Date.now() + 3000;
    while (giphy.pingbacks.filter((p) => JSON.stringify(p.events).includes('"rl1"')).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(giphy.pingbacks.filter((p) => JSON.stringify(p.events).includes('"rl1"'))).toHaveLength(3);
  });

  it('RATE_LIMIT_LOGIN_IP counts failed logins per IP across usernames (password spraying)', async () => {
    const targets = [await member(t), await member(t), await member(t)];
    const sprayer = freshIp();
    const login = (username: string, password: string, ip = sprayer) => t.request().post('/api/login').set('X-Forwarded-For', ip).send({ username, password });
    // Successful logins are not counted (a shared address signs many people in).
    for (let i = 0; i < 6; i++) await login(targets[i % 3].user.username, PASSWORD).expect(200);
    for (const target of targets) await login(target.user.username, 'Summer2024!').expect(401);
    await login(uniqueName('ghost'), 'Summer2024!').expect(401);
    // Even a right password from that address is refused now, and starts no session.
    const refused = await login(targets[0].user.username, PASSWORD);
    expectRefused(refused, MESSAGES.auth.tooManyLoginsFromAddress, 4, 300);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The accounts themselves are not locked: each took one failure.
    await login(targets[0].user.username, PASSWORD, freshIp()).expect(200);
  });

  it('RATE_LIMIT_REGISTER counts every registration attempt per IP, refused ones too', async () => {
    const ip = freshIp();
    const register = (body: object, who = ip) => t.request().post('/api/users').set('X-Forwarded-For', who).send(body);
    const creds = () => {
      const username = uniqueName('reg');
      return { username, email: `${username}@example.com`, password: PASSWORD };
    };
    const taken = creds();
    await register({ ...creds(), password: 'short' }).expect(400);
    await register(taken, freshIp()).expect(201);
    await register({ ...creds(), email: taken.email }).expect(409); // email probing
    const ok = await register(creds()).expect(201);
    expect(ok.headers['ratelimit-remaining']).toBe('0');
    const fourth = creds();
    const before = await countRows(t, 'users');
    expectRefused(await register(fourth), MESSAGES.auth.tooManyRegistrations, 3, 1800);
    // Per address even with a session: signing in elsewhere does not buy more sign-ups.
    const signedIn = await member(t);
    expectRefused(await signedIn.agent.post('/api/users').set('X-Forwarded-For', ip).send(fourth), MESSAGES.auth.tooManyRegistrations, 3, 1800);
    expect(await countRows(t, 'users')).toBe(before + 1);
    await register(fourth, freshIp()).expect(201);
  });

  it('RATE_LIMIT_PASSWORD counts password change attempts per account, wrong current passwords included', async () => {
    const user = await member(t);
    const change = (currentPassword: string) =>
      user.agent.put(`/api/users/${user.user.username}`).send({ currentPassword, password: 'a-new-password-1', confirmPassword: 'a-new-password-1' });
    expect((await change('not-it-1').expect(403)).body.error).toBe(MESSAGES.auth.currentPasswordWrong);
    await change('not-it-2').expect(403);
    expectRefused(await change(PASSWORD), MESSAGES.auth.tooManyPasswordChanges, 2, 3600);
    await t.request().post('/api/login').set('X-Forwarded-For', freshIp()).send({ username: user.user.username, password: PASSWORD }).expect(200);
    // Other profile edits are not password changes.
    await user.agent.put(`/api/users/${user.user.username}`).send({ name: 'Still Editable' }).expect(200);
  });

  it('0/1m turns a limit off: RATE_LIMIT_API_ANON and _USER are off here, so no request is refused or labelled', async () => {
    expect(t.settings.rateLimits.apiAnon).toEqual({ max: 0, windowSeconds: 60 });
    const ip = freshIp();
    for (let i = 0; i < 40; i++) {
      const res = await t.request().get('/api/groups').set('X-Forwarded-For', ip).expect(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    const user = await member(t, ip);
    for (let i = 0; i < 20; i++) await user.agent.get('/api/me').expect(200);
    const keys = await t.app.get<Redis>(REDIS).keys(`${t.settings.redisPrefix}rl:api*`);
    expect(keys).toEqual([]);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(100);
    expect(t.leaks).toEqual([]);
  });
});

describe('third parties\' budgets: GIF provider calls and PayPal webhooks, per IP and for everyone together', () => {
  const GIPHY_KEY = 'budget-giphy-key';
  const PAYPAL = { clientId: 'budget-client', secret: 'budget-secret', webhookId: 'WH-BUDGET-1' };
  let t: WatchedApp;
  let giphy: FakeGiphy;
  let paypal: FakePayPal;

  beforeAll(async () => {
    giphy = await startFakeGiphy({ apiKey: GIPHY_KEY });
    paypal = await startFakePayPal(PAYPAL);
    t = await bootWatched({
      TRUST_PROXY: 'true',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}rlc:`,
      GIPHY_API_BASE: giphy.baseUrl,
      GIPHY_API_KEY: GIPHY_KEY,
      GIPHY_MEDIA_HOSTS: giphy.mediaHost,
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL.secret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      RATE_LIMIT_GIFS: '2/1m',
      RATE_LIMIT_GIFS_GLOBAL: '3/1m',
      RATE_LIMIT_WEBHOOKS: '2/1m',
      RATE_LIMIT_WEBHOOKS_GLOBAL: '3/1m',
    });
  });
  afterAll(async () => {
    await t?.close();
    await giphy?.close();
    await paypal?.close();
  });

  it('RATE_LIMIT_GIFS_GLOBAL: provider calls from every address spend one budget; cached answers stay free; a caller it refuses keeps its own', async () => {
    const [one, two, three] = [freshIp(), freshIp(), freshIp()];
    const word = () => `g${randomBytes(4).toString('hex')}`;
    const gifs = (q: string, ip: string) => t.request().get(`/api/gifs/search?q=${q}`).set('X-Forwarded-For', ip);
    const upstream = () => giphy.requests.length;
    const cached = word();
    await gifs(cached, one).expect(200);
    await gifs(word(), one).expect(200);
    // The first address has spent its own budget: refused by it, which leaves the shared one alone.
    expectRefused(await gifs(word(), one), MESSAGES.rateLimit.gifs, 2, 60);
    await gifs(word(), two).expect(200);
    const calls = upstream();
    // Three provider calls in the minute, whoever made them: the next miss is refused, from any address.
    expectRefused(await gifs(word(), three), MESSAGES.rateLimit.gifsBusy, 3, 60);
    expectRefused(await t.request().get('/api/gifs/trending').set('X-Forwarded-For', two), MESSAGES.rateLimit.gifsBusy, 3, 60);
    expect(upstream()).toBe(calls);
    await gifs(cached, three).expect(200);
    // The refused address's own count was given back.
    const own = await t.app.get<Redis>(REDIS).get(`${t.settings.redisPrefix}rl:gifs:ip:${three}`);
    expect(Number(own ?? 0)).toBe(0);
  });

  it('RATE_LIMIT_WEBHOOKS (per IP) and _GLOBAL: each call counts before PayPal is asked, and a refused one never reaches PayPal', async () => {
    const verifications = () => paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
    let n = 0;
    const hook = (ip: string) =>
      t
        .request()
        .post('/api/webhooks/paypal')
        .set('X-Forwarded-For', ip)
        .set('PAYPAL-AUTH-ALGO', 'SHA256withRSA')
        .set('PAYPAL-CERT-URL', 'https://api.paypal.com/v1/notifications/certs/CERT-1')
        .set('PAYPAL-TRANSMISSION-ID', `tx-budget-${++n}`)
        .set('PAYPAL-TRANSMISSION-SIG', 'forged-signature')
        .set('PAYPAL-TRANSMISSION-TIME', new Date().toISOString())
        .send({ id: `WH-BUDGET-${n}`, event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: {} });
    const [one, two, three] = [freshIp(), freshIp(), freshIp()];
    await hook(one).expect(400); // verified with PayPal, which says the signature is forged
    await hook(one).expect(400);
    expect(verifications()).toBe(2);
    expectRefused(await hook(one), MESSAGES.rateLimit.webhooks, 2, 60);
    await hook(two).expect(400);
    expect(verifications()).toBe(3);
    expectRefused(await hook(three), MESSAGES.rateLimit.webhooks, 3, 60);
    expectRefused(await hook(two), MESSAGES.rateLimit.webhooks, 3, 60);
    expect(verifications()).toBe(3);
  });
});

describe('sign-in limits: per account and client, per account, per known device, and successes (one app)', () => {
  let t: WatchedApp;

  beforeAll(async () => {
    t = await bootWatched({
      TRUST_PROXY: 'true',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}rls:`,
      RATE_LIMIT_LOGIN: '3/15m',
      RATE_LIMIT_LOGIN_ACCOUNT: '5/1h',
      RATE_LIMIT_LOGIN_OK: '4/1h',
      // RATE_LIMIT_LOGIN_IP stays off here: the per-address limit is proven above.
    });
  });
  afterAll(() => t?.close());

  /** A login from `ip` with nothing but what is given (no cookie unless `cookie`). */
  const login = (username: string, password: string, ip = freshIp(), cookie?: string) => {
    const req = t.request().post('/api/login').set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).send({ username, password });
  };
  /** The device cookie (`name=value`) a sign-in answer set. */
  const deviceCookieOf = (res: request.Response): string => {
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.device='));
    if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
    return cookie.split(';')[0];
  };

  it('RATE_LIMIT_LOGIN counts failures per account and client: one client guessing locks out only itself', async () => {
    const victim = await member(t);
    const bystander = await member(t);
    const attacker = freshIp();
    // Username (any case) and email are one account.
    await login(victim.user.username, 'guess-1', attacker).expect(401);
    await login(victim.user.email, 'guess-2', attacker).expect(401);
    await login(victim.user.username.toUpperCase(), 'guess-3', attacker).expect(401);
    const refused = await login(victim.user.email.toUpperCase(), PASSWORD, attacker);
    expectRefused(refused, MESSAGES.auth.tooManyLogins, 3, 900);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The owner, elsewhere and on a browser the app has never seen, still signs in; so does another account at the attacker's address.
    await login(victim.user.username, PASSWORD).expect(200);
    await login(bystander.user.username, PASSWORD, attacker).expect(200);
    expectRefused(await login(victim.user.username, PASSWORD, attacker), MESSAGES.auth.tooManyLogins, 3, 900);
  });

  it('RATE_LIMIT_LOGIN counts an IPv6 client per /64', async () => {
    const victim = await member(t);
    await login(victim.user.username, 'guess-1', '2001:db8:c9:1::1').expect(401);
    await login(victim.user.username, 'guess-2', '2001:db8:c9:1::2').expect(401);
    await login(victim.user.username, 'guess-3', '2001:db8:c9:1:ffff:ffff:ffff:ffff').expect(401);
    expectRefused(await login(victim.user.username, PASSWORD, '2001:db8:c9:1::abcd'), MESSAGES.auth.tooManyLogins, 3, 900);
    await login(victim.user.username, PASSWORD, '2001:db8:c9:2::1').expect(200);
  });

  it('RATE_LIMIT_LOGIN: unknown names count by their normalised form; parallel guesses cannot slip past', async () => {
    const ghost = uniqueName('Ghost');
    const ip = freshIp();
    await login(ghost, 'x-password-1', ip).expect(401);
    await login(ghost.toLowerCase(), 'x-password-2', ip).expect(401);
    await login(` ${ghost.toUpperCase()} `, 'x-password-3', ip).expect(401);
    expectRefused(await login(ghost, 'x-password-4', ip), MESSAGES.auth.tooManyLogins, 3, 900);

    const target = await member(t);
    const from = freshIp();
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => login(target.user.username, `parallel-${i}`, from).then((r) => r.status)));
    expect(statuses.sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('RATE_LIMIT_LOGIN: a successful login clears that client’s count', async () => {
    const user = await member(t);
    const ip = freshIp();
    await login(user.user.username, 'wrong-a', ip).expect(401);
    await login(user.user.username, 'wrong-b', ip).expect(401);
    await login(user.user.username, PASSWORD, ip).expect(200);
    for (const wrong of ['wrong-c', 'wrong-d', 'wrong-e']) await login(user.user.username, wrong, ip).expect(401);
    expectRefused(await login(user.user.username, PASSWORD, ip), MESSAGES.auth.tooManyLogins, 3, 900);
  });

  it('RATE_LIMIT_LOGIN_ACCOUNT caps failures across all clients; a browser that signed in before keeps signing in', async () => {
    const owner = await member(t); // its agent holds the device cookie of that sign-in
    const device = deviceCookieOf(await login(owner.user.username, PASSWORD, owner.ip));
    // Five clients, one guess each: no client reaches RATE_LIMIT_LOGIN, the account reaches its ceiling.
    for (let i = 0; i < 5; i++) await login(owner.user.username, `spray-${i}`).expect(401);
    const refused = await login(owner.user.email, PASSWORD);
    expectRefused(refused, MESSAGES.auth.tooManyLoginsForAccount, 5, 3600);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The owner's own browsers are known devices: exempt, from home or from anywhere.
    await owner.agent.post('/api/login').send({ username: owner.user.username, password: PASSWORD }).expect(200);
    await login(owner.user.username, PASSWORD, freshIp(), device).expect(200);
    // A device cookie must be genuine and name this account: a forged one or another account's is a stranger's.
    const other = await member(t);
    const othersDevice = deviceCookieOf(await login(other.user.username, PASSWORD));
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const cookie of [othersDevice, forged, `c9.device=${owner.user.id}.made-up-nonce-0123456789`]) {
      expectRefused(await login(owner.user.username, PASSWORD, freshIp(), cookie), MESSAGES.auth.tooManyLoginsForAccount, 5, 3600);
    }
  });

  it('a device cookie that fails too many times is locked out itself, from any address', async () => {
    const owner = await member(t);
    const stolen = deviceCookieOf(await login(owner.user.username, PASSWORD));
    for (let i = 0; i < 3; i++) await login(owner.user.username, `stolen-${i}`, freshIp(), stolen).expect(401);
    expectRefused(await login(owner.user.username, PASSWORD, freshIp(), stolen), MESSAGES.auth.tooManyLogins, 3, 900);
    // Its failures did not count against the account: a new browser signs in, and gets a device cookie of its own.
    const fresh = await login(owner.user.username, PASSWORD).expect(200);
    await login(owner.user.username, 'once-wrong', freshIp(), deviceCookieOf(fresh)).expect(401);
  });

  it('RATE_LIMIT_LOGIN_OK counts successful sign-ins per account; a refused one starts no session', async () => {
    const user = await member(t); // the first sign-in
    const neighbour = await member(t, user.ip);
    for (let i = 0; i < 3; i++) await login(user.user.username, PASSWORD).expect(200);
    const refused = await login(user.user.email, PASSWORD);
    expectRefused(refused, MESSAGES.auth.tooManySignIns, 4, 3600);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password is still only wrong; the sessions already made still work; another account signs in.
    await login(user.user.username, 'not-it').expect(401);
    await user.agent.get('/api/me').expect(200);
    await login(neighbour.user.username, PASSWORD, user.ip).expect(200);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(40);
    expect(t.leaks).toEqual([]);
  });
});

describe('general API limits, shared by two instances on one Redis', () => {
  const WINDOW = 60;
  let a: WatchedApp;
  let b: WatchedApp;
  let dist: string;

  beforeAll(async () => {
    // A built web app of our own, so static files are really served.
    dist = mkdtempSync(path.join(os.tmpdir(), 'c9-rl-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cloud 9</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("cloud 9")');
    const env = {
      TRUST_PROXY: 'true',
      FRONTEND_DIST: dist,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}rlb:`,
      RATE_LIMIT_API_ANON: `5/${WINDOW}s`,
      RATE_LIMIT_API_USER: `6/${WINDOW}s`,
    };
    [a, b] = [await bootWatched(env), await bootWatched(env)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('RATE_LIMIT_API_ANON counts every anonymous request per IP, across both instances', async () => {
    const ip = freshIp();
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await [a, b][i % 2].request().get('/api/groups').set('X-Forwarded-For', ip).expect(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      remaining.push(res.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expectRefused(await b.request().get('/api/groups').set('X-Forwarded-For', ip), MESSAGES.rateLimit.api, 5, WINDOW);
    expectRefused(await a.request().post('/api/login').set('X-Forwarded-For', ip).send({ username: 'x', password: 'y' }), MESSAGES.rateLimit.api, 5, WINDOW);
    // Unknown routes count too, and are refused before anything else.
    expectRefused(await a.request().get('/api/no-such-route').set('X-Forwarded-For', ip), MESSAGES.rateLimit.api, 5, WINDOW);
    await a.request().get('/api/groups').set('X-Forwarded-For', freshIp()).expect(200);
  });

  it('RATE_LIMIT_API_USER counts every signed-in request per account, across both instances, not per IP', async () => {
    const ip = freshIp();
    const first = await member(a, ip); // 2 anonymous requests from ip (sign-up, login)
    const second = await member(a, ip); // 2 more
    const asFirst = (app: WatchedApp) => app.request().get('/api/me').set('X-Forwarded-For', ip).set('Cookie', first.cookie);
    for (let i = 0; i < 6; i++) {
      const res = await asFirst([a, b][i % 2]).expect(200);
      expect(res.body.id).toBe(first.user.id);
      expect(res.headers['ratelimit-limit']).toBe('6');
    }
    expectRefused(await asFirst(b), MESSAGES.rateLimit.api, 6, WINDOW);
    // The other account at the same address is not limited...
    await second.agent.get('/api/me').expect(200);
    // ...and the address's anonymous allowance saw only the 4 anonymous requests: one is left.
    const anonymous = await b.request().get('/api/groups').set('X-Forwarded-For', ip).expect(200);
    expect(anonymous.headers['ratelimit-remaining']).toBe('0');
  });

  it('never limits health checks, the web app, its assets or uploads, even for a refused address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await a.request().get('/api/groups').set('X-Forwarded-For', ip).expect(200);
    await a.request().get('/api/groups').set('X-Forwarded-For', ip).expect(429);
    const upload = `rl-${randomBytes(4).toString('hex')}.png`;
    writeFileSync(path.join(a.settings.uploadDir, upload), tinyPng());
    for (let i = 0; i < 8; i++) {
      for (const url of ['/api/health', '/api/HEALTH', '/', '/assets/app.js', '/home/some/page', `/uploads/${upload}`]) {
        const res = await [a, b][i % 2].request().get(url).set('X-Forwarded-For', ip);
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    }
    await b.request().get('/api/groups').set('X-Forwarded-For', ip).expect(429);
  });

  it('keeps the counts in Redis under the deployment prefix, per limit and subject', async () => {
    const keys = await a.app.get<Redis>(REDIS).keys(`${a.settings.redisPrefix}rl:*`);
    expect(keys.some((k) => k.startsWith(`${a.settings.redisPrefix}rl:apiAnon:ip:10.`))).toBe(true);
    expect(keys.some((k) => /rl:apiUser:user:\d+$/.test(k))).toBe(true);
  });
});

describe('while Redis is away', () => {
  let redis: PrivateRedis;
  let t: WatchedApp;
  let username: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await bootWatched({ REDIS_URL: redis.url, REDIS_PREFIX: 'c9rl:', TRUST_PROXY: 'true', RATE_LIMIT_API_ANON: '5/1m' });
    username = uniqueName('away');
    await t.request().post('/api/users').set('X-Forwarded-For', freshIp()).send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
  });
  afterAll(async () => {
    await redis?.start();
    await t?.close();
    await redis?.stop();
  });

  const redisReady = () => eventually(async () => t.app.get<Redis>(REDIS).status === 'ready', 15_000);

  /** An anonymous read that needs only PostgreSQL; how long it took. */
  async function read(ip: string): Promise<{ status: number; ms: number; remaining?: string }> {
    const started = Date.now();
    const res = await t.request().get(`/api/profile/${username}`).set('X-Forwarded-For', ip);
    return { status: res.status, ms: Date.now() - started, remaining: res.headers['ratelimit-remaining'] };
  }

  it('Redis killed: anonymous reads still answer at once, and the limit keeps applying in this instance', async () => {
    await redis.kill();
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await read(ip));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((r) => r.remaining)).toEqual(['4', '3', '2', '1', '0', '0']);
    for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
    expect((await read(freshIp())).status).toBe(200);
    await redis.start();
    expect(await redisReady()).toBe(true);
    expect((await read(freshIp())).status).toBe(200);
  });

  it('Redis silent (frozen): anonymous reads answer within the deadline, then without waiting', async () => {
    expect(await redisReady()).toBe(true);
    redis.freeze();
    try {
      const ip = freshIp();
      const first = await read(ip);
      expect(first.status).toBe(200);
      expect(first.ms).toBeLessThan(1000);
      for (let i = 0; i < 3; i++) {
        const next = await read(ip);
        expect(next.status).toBe(200);
        expect(next.ms).toBeLessThan(1000);
      }
    } finally {
      redis.thaw();
    }
    expect((await read(freshIp())).status).toBe(200);
  });
});
