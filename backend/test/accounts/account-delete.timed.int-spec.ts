import { randomBytes } from 'node:crypto';
import type request from 'supertest';
import type Redis from 'ioredis';
import { MESSAGES } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { PASSWORD, signUp, SignedIn } from '../support/app';
import { bootWatched, countRows, sessionCookieOf, sessionIdOf, uniquePng, WatchedApp } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';

describe('DELETE /api/users/:id', () => {
  let t: WatchedApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await bootWatched();
    admin = await signUp(t, { groupId: 1 });
  });
  afterAll(() => t?.close());

  const exists = async (id: number) => (await countRows(t, 'users', 'id = $1', [id])) === 1;

  it('refuses another non-admin user with 403 and deletes nothing', async () => {
    const target = await signUp(t);
    const other = await signUp(t);
    const res = await other.agent.delete(`/api/users/${target.user.id}`).expect(403);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.profile.notAllowedToDelete }));
    expect(await exists(target.user.id)).toBe(true);
    await target.agent.get('/api/me').expect(200);
  });

  it('refuses staff (group 2) deleting another account with 403', async () => {
    const target = await signUp(t);
    const staff = await signUp(t, { groupId: 2 });
    await staff.agent.delete(`/api/users/${target.user.id}`).expect(403);
    expect(await exists(target.user.id)).toBe(true);
  });

  it('refuses an anonymous request with 401', async () => {
    const target = await signUp(t);
    const res = await t.request().delete(`/api/users/${target.user.id}`).expect(401);
    expect(res.body.error).toBe(MESSAGES.auth.notSignedIn);
    expect(await exists(target.user.id)).toBe(true);
  });

  it('deletes one’s own account: session ended, login refused, profile and its images gone', async () => {
    const me = await signUp(t);
    const other = t.agent();
    await other.post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(200);
    const up = await me.agent
      .put(`/api/users/${me.user.username}`)
      .attach('thumbnail', uniquePng(), 't.png')
      .attach('background', uniquePng(), 'b.png')
      .expect(200);
    const redis: Redis = t.app.get(REDIS);
    const sessionsBefore = await redis.zrange(t.app.get(RedisKeys).userSessions(me.user.id), 0, -1);
    expect(sessionsBefore).toHaveLength(2);

    const res = await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(res.body).toEqual({ success: true });

    const meRes = await me.agent.get('/api/me').expect(401);
    expect(meRes.body.error).toBe(MESSAGES.auth.notSignedIn);
    await other.get('/api/me').expect(401);
    for (const sid of sessionsBefore) expect(await redis.exists(`${t.settings.redisPrefix}sess:${sid}`)).toBe(0);

    const login = await t.request().post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(401);
    expect(login.body.error).toBe(MESSAGES.auth.invalidCredentials);
    await t.request().get(`/api/profile/${me.user.username}`).expect(404);
    await t.request().get(up.body.thumbnail).expect(404);
    expect(await countRows(t, 'media', 'owner_id = $1', [me.user.id])).toBe(0);
    expect(await exists(me.user.id)).toBe(false);
  });

  it('lets an admin delete another user (200) and ends that user’s sessions', async () => {
    const target = await signUp(t);
    const sid = sessionIdOf(sessionCookieOf(await t.request().post('/api/login').send({ username: target.user.username, password: PASSWORD }).expect(200)));
    const res = await admin.agent.delete(`/api/users/${target.user.id}`).expect(200);
    expect(res.body).toEqual({ success: true });
    expect(await exists(target.user.id)).toBe(false);
    await target.agent.get('/api/me').expect(401);
    expect(await t.app.get<Redis>(REDIS).exists(`${t.settings.redisPrefix}sess:${sid}`)).toBe(0);
    await admin.agent.get('/api/me').expect(200);
  });

  it('answers 404 for an unknown id and 400 for one that is not a positive whole number', async () => {
    const [{ max }] = await t.db.query('SELECT coalesce(max(id), 0)::int AS max FROM users');
    const unknown = await admin.agent.delete(`/api/users/${max + 1000}`).expect(404);
    expect(unknown.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.profile.userNotFound }));
    const before = await countRows(t, 'users');
    const bad = await admin.agent.delete('/api/users/abc').expect(400);
    expect(bad.body.success).toBe(false);
    await admin.agent.delete('/api/users/1.5').expect(400);
    await admin.agent.delete('/api/users/99999999999999999999999').expect(400);
    // Ids out of range (negative, zero) are a 400 like any other bad id.
    await admin.agent.delete('/api/users/-1').expect(400);
    await admin.agent.delete('/api/users/0').expect(400);
    expect(await countRows(t, 'users')).toBe(before);
  });

  describe('keeps everyone else’s counters exact', () => {
    let x: SignedIn;
    let y: SignedIn;
    let z: SignedIn;
    let postId: number;
    let replyId: number;

    beforeAll(async () => {
      [x, y, z] = [await signUp(t), await signUp(t), await signUp(t)];
      const q = (sql: string, params: unknown[]) => t.db.query(sql, params);
      // X follows Y, Z follows X.
      await q('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2), ($3, $1)', [x.user.id, y.user.id, z.user.id]);
      await q('UPDATE users SET following_count = 1 WHERE id = $1', [x.user.id]);
      await q('UPDATE users SET followers_count = 1 WHERE id = $1', [y.user.id]);
      await q('UPDATE users SET followers_count = 1 WHERE id = $1', [x.user.id]);
      await q('UPDATE users SET following_count = 1 WHERE id = $1', [z.user.id]);
      // A post by Y, liked and reposted by X, with a reply by X.
      [{ id: postId }] = await q(`INSERT INTO posts (user_id, content) VALUES ($1, 'Y says hi') RETURNING id`, [y.user.id]);
      await q('INSERT INTO likes (user_id, post_id) VALUES ($1, $2)', [x.user.id, postId]);
      await q('INSERT INTO reposts (user_id, post_id) VALUES ($1, $2)', [x.user.id, postId]);
      [{ id: replyId }] = await q(`INSERT INTO posts (user_id, parent_id, content) VALUES ($1, $2, 'X replies') RETURNING id`, [x.user.id, postId]);
      await q('UPDATE posts SET likes_count = 1, reposts_count = 1, replies_count = 1 WHERE id = $1', [postId]);
    });

    it('deleting X puts Y’s followers, Z’s following and Y’s post counts back to 0 and removes X’s rows', async () => {
      await x.agent.delete(`/api/users/${x.user.id}`).send({ currentPassword: PASSWORD }).expect(200);

      const [yRow] = await t.db.query('SELECT followers_count, following_count FROM users WHERE id = $1', [y.user.id]);
      expect(yRow).toEqual({ followers_count: 0, following_count: 0 });
      const [zRow] = await t.db.query('SELECT followers_count, following_count FROM users WHERE id = $1', [z.user.id]);
      expect(zRow).toEqual({ followers_count: 0, following_count: 0 });
      const [post] = await t.db.query('SELECT likes_count, reposts_count, replies_count FROM posts WHERE id = $1', [postId]);
      expect(post).toEqual({ likes_count: 0, reposts_count: 0, replies_count: 0 });

      expect(await countRows(t, 'follows', 'follower_id = $1 OR followed_id = $1', [x.user.id])).toBe(0);
      expect(await countRows(t, 'likes', 'user_id = $1', [x.user.id])).toBe(0);
      expect(await countRows(t, 'reposts', 'user_id = $1', [x.user.id])).toBe(0);
      expect(await countRows(t, 'posts', 'id = $1 OR user_id = $2', [replyId, x.user.id])).toBe(0);

      const profile = await t.request().get(`/api/profile/${y.user.username}`).expect(200);
      expect(profile.body).toEqual(expect.objectContaining({ followersCount: 0, followingCount: 0 }));
      const zProfile = await t.request().get(`/api/profile/${z.user.username}`).expect(200);
      expect(zProfile.body.followingCount).toBe(0);
    });

    it('only takes away X’s share: others’ likes, reposts, replies and follows stay counted', async () => {
      const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
      const q = (sql: string, params: unknown[]) => t.db.query(sql, params);
      // A and C follow B; A and C like and repost B's post; both reply to it; A also replies to its own reply.
      await q('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2), ($3, $2)', [a.user.id, b.user.id, c.user.id]);
      await q('UPDATE users SET followers_count = 2 WHERE id = $1', [b.user.id]);
      await q('UPDATE users SET following_count = 1 WHERE id = ANY($1)', [[a.user.id, c.user.id]]);
      const [{ id: post }] = await q(`INSERT INTO posts (user_id, content) VALUES ($1, 'B post') RETURNING id`, [b.user.id]);
      await q('INSERT INTO likes (user_id, post_id) VALUES ($1, $3), ($2, $3)', [a.user.id, c.user.id, post]);
      await q('INSERT INTO reposts (user_id, post_id) VALUES ($1, $3), ($2, $3)', [a.user.id, c.user.id, post]);
      await q(`INSERT INTO posts (user_id, parent_id, content) VALUES ($1, $3, 'a1'), ($1, $3, 'a2'), ($2, $3, 'c1')`, [a.user.id, c.user.id, post]);
      await q('UPDATE posts SET likes_count = 2, reposts_count = 2, replies_count = 3 WHERE id = $1', [post]);

      await admin.agent.delete(`/api/users/${a.user.id}`).expect(200);

      const [bRow] = await t.db.query('SELECT followers_count FROM users WHERE id = $1', [b.user.id]);
      expect(bRow.followers_count).toBe(1);
      const [cRow] = await t.db.query('SELECT following_count FROM users WHERE id = $1', [c.user.id]);
      expect(cRow.following_count).toBe(1);
      const [row] = await t.db.query('SELECT likes_count, reposts_count, replies_count FROM posts WHERE id = $1', [post]);
      expect(row).toEqual({ likes_count: 1, reposts_count: 1, replies_count: 1 });
      expect(await countRows(t, 'posts', 'parent_id = $1', [post])).toBe(1);
    });
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(15);
    expect(t.leaks).toEqual([]);
  });
});

describe.each(DRIVERS)('DELETE /api/users/:id removes the account’s files (%s storage)', (driver) => {
  let store: StoreUnderTest;
  let t: WatchedApp;

  beforeAll(async () => {
    store = await storeUnderTest(driver);
    t = await bootWatched(store.env);
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('its profile images and a post’s file go with it (variants included); a file another account also uses stays', async () => {
    const me = await signUp(t, { groupId: 7 });
    const other = await signUp(t);
    const shared = uniquePng();
    const up = await me.agent.put(`/api/users/${me.user.username}`).attach('thumbnail', uniquePng(), 't.png').attach('background', uniquePng(), 'b.png').expect(200);
    const post = await me.agent.post('/api/posts').field('content', 'mine').attach('file', uniquePng(), { filename: 'p.png', contentType: 'image/png' }).expect(201);
    await me.agent.post('/api/posts').field('content', 'shared').attach('file', shared, { filename: 's.png', contentType: 'image/png' }).expect(201);
    const kept = await other.agent.post('/api/posts').field('content', 'also shared').attach('file', shared, { filename: 's.png', contentType: 'image/png' }).expect(201);
    const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
    const gone = [up.body.thumbnail, up.body.background, post.body.media_url].map(keyOf);
    const stored = async () => store.keys(t.settings.uploadDir);
    expect(await stored()).toEqual(expect.arrayContaining([...gone, keyOf(kept.body.media_url)]));

    await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(await countRows(t, 'media', 'owner_id = $1', [me.user.id])).toBe(0);
    const after = await stored();
    expect(after.filter((k) => gone.some((g) => k.startsWith(g)))).toEqual([]);
    expect(after).toContain(keyOf(kept.body.media_url));
    await t.request().get(up.body.thumbnail).expect(404);
    await t.request().get(kept.body.media_url).expect(200);
  });
});

// In the timed lane (scripts/test-all.mjs): 108 requests at once on an 8-connection pool must not wait out
// DATABASE_CONNECT_TIMEOUT_MS (a 503) because other suites load the machine.
describe('requests in flight while their account is deleted', () => {
  let t: WatchedApp;

  beforeAll(async () => {
    t = await bootWatched();
  });
  afterAll(() => t?.close());

  /** Every kind of write a member makes, each a fresh request (the victim's own post is `mine`, another's `theirs`). */
  const writes = (victim: SignedIn, other: SignedIn, mine: number, theirs: number): Array<[string, () => request.Test]> => [
    ['post', () => victim.agent.post('/api/posts').send({ content: 'in flight' })],
    ['post with image', () => victim.agent.post('/api/posts').field('content', 'in flight').attach('file', uniquePng(), 'f.png')],
    ['reply', () => victim.agent.post(`/api/posts/${theirs}/reply`).send({ content: 'in flight' })],
    ['like', () => victim.agent.post(`/api/posts/${theirs}/like`).send({})],
    ['repost', () => victim.agent.post(`/api/posts/${theirs}/repost`).send({})],
    ['bookmark', () => victim.agent.post('/api/bookmarks').send({ postId: theirs })],
    ['follow', () => victim.agent.post('/api/follow').send({ followerId: victim.user.id, followedId: other.user.id })],
    ['mute', () => victim.agent.post(`/api/mutes/${other.user.id}`)],
    ['block', () => victim.agent.post(`/api/blocks/${other.user.id}`)],
    ['muted word', () => victim.agent.post('/api/muted-words').send({ word: `w${randomBytes(3).toString('hex')}` })],
    ['not interested', () => victim.agent.post(`/api/posts/${theirs}/not-interested`)],
    ['report', () => victim.agent.post('/api/reports').send({ targetType: 'post', targetId: theirs, reason: 'spam' })],
    ['seen', () => victim.agent.post('/api/notifications/seen').send({ kind: 'alerts' })],
    ['alert settings', () => victim.agent.put('/api/notifications/settings').send({ like: false })],
    ['profile', () => victim.agent.put(`/api/users/${victim.user.username}`).send({ name: 'In Flight' })],
    ['avatar', () => victim.agent.put(`/api/users/${victim.user.username}`).attach('thumbnail', uniquePng(), 't.png')],
    ['edit', () => victim.agent.put(`/api/posts/${mine}/edit`).send({ content: 'edited in flight' })],
    ['delete post', () => victim.agent.delete(`/api/posts/${mine}`)],
  ];

  it('writes of every kind sent around the deletion answer 401 or 404 when they lose the race, never 5xx', async () => {
    const other = await signUp(t);
    const theirs = (await other.agent.post('/api/posts').send({ content: 'theirs' }).expect(201)).body.id as number;
    const answers: string[] = [];
    const unexpected: string[] = [];
    for (let round = 0; round < 6; round++) {
      const victim = await signUp(t, { groupId: 7 }); // a plan that edits and uploads
      const mine = (await victim.agent.post('/api/posts').send({ content: 'mine' }).expect(201)).body.id as number;
      const kinds = writes(victim, other, mine, theirs);
      const sent: Promise<void>[] = [];
      // Waves before, with and after the deletion, so some land in its transaction and some after it.
      for (const delay of [0, 2, 5, 10, 20, 40]) {
        for (const [kind, send] of kinds) {
          sent.push(
            new Promise<void>((r) => setTimeout(r, delay)).then(async () => {
              const res = await send();
              answers.push(`${kind} ${res.status}`);
              if (res.status >= 500) unexpected.push(`${kind} ${res.status} ${JSON.stringify(res.body)}`);
            }),
          );
        }
      }
      const deletion = new Promise<void>((r) => setTimeout(r, 3)).then(() => victim.agent.delete(`/api/users/${victim.user.id}`).send({ currentPassword: PASSWORD }));
      await Promise.all(sent);
      expect((await deletion).status).toBe(200);
      await victim.agent.get('/api/me').expect(401);
    }
    expect(unexpected).toEqual([]);
    // The race was real: some writes went through before the deletion, some came after it.
    expect(answers.some((a) => /\s2\d\d$/.test(a))).toBe(true);
    expect(answers.some((a) => /\s(401|404)$/.test(a))).toBe(true);
    for (const answer of answers) expect(answer).toMatch(/\s(2\d\d|401|404|409)$/);
  });
});
