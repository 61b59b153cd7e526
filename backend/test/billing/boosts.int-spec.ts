import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { BOOST_QUEUE, MESSAGES, type BoostQuota, type Post } from '@cloud9/contracts';
import { dataSourceOptions, MIGRATIONS } from '../../src/database/data-source';
import { ensureDatabaseExists, runMigrations } from '../../src/database/database-bootstrap';
import { BOOST_ROTATE_SCHEDULER } from '../../src/modules/boosts/boosts.jobs';
import { JobsService } from '../../src/jobs/jobs.service';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';

describe('boosts: quota, requests, rotation job, admin boost', () => {
  const prefix = `${process.env.REDIS_PREFIX}boost1:`;
  let t: TestApp;
  let t2: TestApp;
  let admin: SignedIn;

  const newPost = async (who: SignedIn, content = 'boost me') => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const ask = (who: SignedIn, postId: number, userId = who.user.id) => who.agent.post('/api/boost/request').send({ userId, postId });
  const rotate = () => admin.agent.patch('/api/boost/rotate');
  const statuses = async () =>
    (await t.db.query(`SELECT post_id, status FROM boosts WHERE kind = 'user' ORDER BY id`)) as { post_id: number; status: string }[];
  const activeUserPosts = async () =>
    ((await t.db.query(`SELECT post_id FROM boosts WHERE kind = 'user' AND status = 'active' ORDER BY post_id`)) as { post_id: number }[]).map((r) => r.post_id);

  beforeAll(async () => {
    t = await bootApp({ REDIS_PREFIX: prefix });
    t2 = await bootApp({ REDIS_PREFIX: prefix });
    admin = await signUp(t, { groupId: 1 });
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.query(`DELETE FROM boosts`);
  });

  it('registers the repeating rotation exactly once for two app instances', async () => {
    const queue = t.app.get(JobsService).queue(BOOST_QUEUE);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.filter((s) => s.key === BOOST_ROTATE_SCHEDULER)).toHaveLength(1);
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toEqual(expect.objectContaining({ name: 'rotate', every: 60000 }));
    // The rest of the suite drives rotation itself; a minute tick must not interleave with it, and
    // neither instance may put the schedule back (which would also run a rotation at once).
    for (const app of [t, t2]) app.app.get(JobsService).stopKeepingSchedules();
    expect(await queue.removeJobScheduler(BOOST_ROTATE_SCHEDULER)).toBe(true);
  });

  it('quota follows the plan and the calendar month', async () => {
    const periodEnd = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString();
    for (const [groupId, allowed] of [[5, 0], [6, 1], [7, 2], [8, 3], [9, 4], [1, 0], [2, 0]]) {
      const u = await signUp(t, { groupId });
      expect((await u.agent.get(`/api/boost/quota/${u.user.id}`).expect(200)).body).toEqual({ allowed, used: 0, remaining: allowed, periodEnd, requestedPostIds: [] });
    }
    const gold = await signUp(t, { groupId: 7 });
    await ask(gold, await newPost(gold)).expect(201);
    expect((await gold.agent.get(`/api/boost/quota/${gold.user.id}`).expect(200)).body).toEqual(expect.objectContaining({ allowed: 2, used: 1, remaining: 1 }));
    // Last month's requests do not count (the quota's ledger keeps each request's time).
    await t.db.query(`UPDATE boost_ledger SET requested_at = date_trunc('month', now()) - interval '1 day' WHERE user_id = $1`, [gold.user.id]);
    expect(((await gold.agent.get(`/api/boost/quota/${gold.user.id}`).expect(200)).body as BoostQuota).used).toBe(0);
    // Own or admin only.
    const other = await signUp(t, { groupId: 6 });
    await other.agent.get(`/api/boost/quota/${gold.user.id}`).expect(403);
    await admin.agent.get(`/api/boost/quota/${gold.user.id}`).expect(200);
    await t.agent().get(`/api/boost/quota/${gold.user.id}`).expect(401);
  });

  it('quota lists the posts whose request still waits, so a reload shows them Requested', async () => {
    const gold = await signUp(t, { groupId: 7 });
    const [first, second] = [await newPost(gold), await newPost(gold)];
    await ask(gold, first).expect(201);
    await ask(gold, second).expect(201);
    const quota = async () => (await gold.agent.get(`/api/boost/quota/${gold.user.id}`).expect(200)).body as BoostQuota;
    expect(await quota()).toEqual(expect.objectContaining({ remaining: 0, requestedPostIds: [second, first] }));
    // Once a request is no longer waiting (here: ended), its post leaves the list; the month's count stays.
    await t.db.query(`UPDATE boosts SET status = 'expired' WHERE post_id = $1`, [first]);
    expect(await quota()).toEqual(expect.objectContaining({ used: 2, remaining: 0, requestedPostIds: [second] }));
    // An admin reading the quota sees the same list; nobody else can read it.
    expect(((await admin.agent.get(`/api/boost/quota/${gold.user.id}`).expect(200)).body as BoostQuota).requestedPostIds).toEqual([second]);
  });

  it('deleting a boosted post gives no quota back, whether its boost waits or runs', async () => {
    const quota = async (who: SignedIn) => (await who.agent.get(`/api/boost/quota/${who.user.id}`).expect(200)).body as BoostQuota;
    const silver = await signUp(t, { groupId: 6 });
    const waiting = await newPost(silver);
    await ask(silver, waiting).expect(201);
    await silver.agent.delete(`/api/posts/${waiting}`).expect(200);
    expect(await t.db.query(`SELECT 1 FROM boosts WHERE post_id = $1`, [waiting])).toHaveLength(0);
    expect(await quota(silver)).toEqual(expect.objectContaining({ allowed: 1, used: 1, remaining: 0, requestedPostIds: [] }));
    expect((await ask(silver, await newPost(silver)).expect(429)).body.error).toBe(MESSAGES.boost.limitReached);

    // A boost that ran (active after a rotation), then its post deleted: still used.
    const gold = await signUp(t, { groupId: 7 });
    const running = await newPost(gold);
    await ask(gold, running).expect(201);
    await rotate().expect(200);
    expect(await activeUserPosts()).toContain(running);
    await gold.agent.delete(`/api/posts/${running}`).expect(200);
    expect(await quota(gold)).toEqual(expect.objectContaining({ allowed: 2, used: 1, remaining: 1 }));
    await ask(gold, await newPost(gold)).expect(201);
    expect((await ask(gold, await newPost(gold)).expect(429)).body.error).toBe(MESSAGES.boost.limitReached);
  });

  it('refuses others, replies, missing posts, free plans, duplicates and exhausted quotas', async () => {
    const silver = await signUp(t, { groupId: 6 });
    const other = await signUp(t, { groupId: 9 });
    const basic = await signUp(t);
    const post = await newPost(silver);
    await t.agent().post('/api/boost/request').send({ userId: silver.user.id, postId: post }).expect(401);
    await ask(other, post, silver.user.id).expect(403); // not the session user
    await ask(other, post).expect(403); // not their post
    await ask(silver, 999999999).expect(404);
    const reply = ((await silver.agent.post(`/api/posts/${post}/reply`).send({ content: 'r' }).expect(201)).body as Post).id;
    await ask(silver, reply).expect(403);
    await ask(basic, await newPost(basic)).expect(403);
    expect((await ask(silver, post).expect(201)).body).toEqual({ message: 'Boost requested.' });
    expect((await ask(silver, post).expect(409)).body).toEqual(expect.objectContaining({ error: MESSAGES.boost.alreadyRequested }));
    expect((await ask(silver, await newPost(silver)).expect(429)).body).toEqual(expect.objectContaining({ error: MESSAGES.boost.limitReached }));
    // Active counts as already requested too.
    await rotate().expect(200);
    expect((await ask(silver, post).expect(409)).body.error).toBe(MESSAGES.boost.alreadyRequested);
  });

  it('two requests at once: one wins, the other is 409; quota holds under concurrency', async () => {
    const gold = await signUp(t, { groupId: 7 });
    const post = await newPost(gold);
    const codes = (await Promise.all([ask(gold, post), ask(gold, post)])).map((r) => r.status).sort();
    expect(codes).toEqual([201, 409]);
    const silver = await signUp(t, { groupId: 6 });
    const posts = await Promise.all([newPost(silver), newPost(silver), newPost(silver)]);
    const codes2 = (await Promise.all(posts.map((p) => ask(silver, p)))).map((r) => r.status).sort();
    expect(codes2).toEqual([201, 429, 429]);
  });

  it('rotation activates priority first, then FIFO, at most 3, and 24 h later the next ones', async () => {
    const users = await Promise.all([7, 7, 7, 7, 7].map((groupId) => signUp(t, { groupId })));
    const posts: number[] = [];
    for (const u of users) {
      const p = await newPost(u);
      posts.push(p);
      await ask(u, p).expect(201);
    }
    // Make the 4th and 5th a free-priority plan's request (priority false) to check priority-first.
    await t.db.query(`UPDATE boosts SET priority = false WHERE post_id = ANY($1::bigint[])`, [[posts[0], posts[1]]]);
    const anon = await signUp(t);
    const body = (await rotate().expect(200)).body;
    expect(body).toEqual(expect.objectContaining({ success: true, expired: 0, activated: 3, jobId: expect.any(String), message: expect.any(String) }));
    expect(await activeUserPosts()).toEqual([posts[2], posts[3], posts[4]].sort((a, b) => a - b));
    // Idempotent.
    expect((await rotate().expect(200)).body).toEqual(expect.objectContaining({ expired: 0, activated: 0 }));
    // The boosted posts lead the feed of another user, admin boost first.
    await admin.agent.post(`/api/posts/${posts[0]}/boost`).expect(200);
    const feed = (await anon.agent.get('/api/posts').expect(200)).body as { items: Post[] };
    expect(feed.items[0].id).toBe(posts[0]);
    expect(feed.items.slice(1, 4).map((p) => p.id).sort((a, b) => a - b)).toEqual([posts[2], posts[3], posts[4]].sort((a, b) => a - b));
    // 24 h pass for the first active one: it expires and the next request (FIFO) takes the slot.
    await t.db.query(`UPDATE boosts SET activated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE post_id = $1 AND kind = 'user'`, [posts[2]]);
    expect((await rotate().expect(200)).body).toEqual(expect.objectContaining({ expired: 1, activated: 1 }));
    expect(await activeUserPosts()).toEqual([posts[0], posts[3], posts[4]].sort((a, b) => a - b));
    expect((await statuses()).find((s) => s.post_id === posts[2])?.status).toBe('expired');
  });

  it('two rotations at once (on both instances) never make 4 active', async () => {
    const users = await Promise.all([6, 7, 8, 9, 9, 6].map((groupId) => signUp(t, { groupId })));
    for (const u of users) await ask(u, await newPost(u)).expect(201);
    const admin2 = await t2.agent();
    await admin2.post('/api/login').send({ username: admin.user.username, password: 'cloud-nine-9!' }).expect(200);
    const results = await Promise.all([rotate(), admin2.patch('/api/boost/rotate'), rotate()]);
    for (const r of results) expect(r.status).toBe(200);
    expect(results.reduce((n, r) => n + (r.body.activated as number), 0)).toBe(3);
    expect(await activeUserPosts()).toHaveLength(3);
  });

  it('admin boost: one post at a time, group 1 only, 404 for a missing post', async () => {
    const author = await signUp(t);
    const [a, b] = [await newPost(author), await newPost(author)];
    await t.agent().post(`/api/posts/${a}/boost`).expect(401);
    await author.agent.post(`/api/posts/${a}/boost`).expect(403);
    await admin.agent.patch('/api/boost/rotate').expect(200);
    await author.agent.patch('/api/boost/rotate').expect(403);
    await t.agent().patch('/api/boost/rotate').expect(401);
    await admin.agent.post('/api/posts/999999999/boost').expect(404);
    expect((await admin.agent.post(`/api/posts/${a}/boost`).expect(200)).body).toEqual({ success: true });
    expect((await admin.agent.post(`/api/posts/${b}/boost`).expect(200)).body).toEqual({ success: true });
    const admins = (await t.db.query(`SELECT post_id, status FROM boosts WHERE kind = 'admin' ORDER BY id`)) as { post_id: number; status: string }[];
    expect(admins).toEqual([{ post_id: a, status: 'expired' }, { post_id: b, status: 'active' }]);
    const feed = (await author.agent.get('/api/posts').expect(200)).body as { items: Post[] };
    expect(feed.items[0]).toEqual(expect.objectContaining({ id: b, isAdminBoosted: true }));
    const audit = await t.db.query(`SELECT action, target, result FROM audit_log WHERE actor_id = $1 AND action = 'boosts.admin_boost' ORDER BY id`, [admin.user.id]);
    expect(audit).toEqual(expect.arrayContaining([{ action: 'boosts.admin_boost', target: `post:${b}`, result: 'ok' }]));
  });

  it('ROLE=api starts no worker: PATCH /api/boost/rotate answers 202 with the job id after its wait', async () => {
    const api = await bootApp({ REDIS_PREFIX: `${prefix}apionly:`, ROLE: 'api', ADMIN_JOB_WAIT_MS: '1500' });
    try {
      expect(api.app.get(JobsService).runsWorkers).toBe(false);
      const agent = api.agent();
      await agent.post('/api/login').send({ username: admin.user.username, password: 'cloud-nine-9!' }).expect(200);
      const res = await agent.patch('/api/boost/rotate').expect(202);
      expect(res.body).toEqual({ success: false, pending: true, jobId: expect.any(String), queue: 'boosts', message: MESSAGES.admin.jobPending });
    } finally {
      await api.close();
    }
  }, 30_000);
});

describe('the boost ledger migration', () => {
  const url = () => process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/cloud9_test_${process.env.C9_TEST_RUN}_ledger`);

  it("copies the existing user boosts (not the admin's) into the ledger, which deleting their posts leaves as it is", async () => {
    await ensureDatabaseExists(url());
    // The schema as it was before the ledger, with boosts made then.
    const before = new DataSource({ ...dataSourceOptions(url()), migrations: MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.name.startsWith('BoostLedger'))) });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before.destroy();
    const db = new Client({ connectionString: url() });
    await db.connect();
    try {
      const [{ id: userId }] = (await db.query(`INSERT INTO users (username, email, password_hash, group_id) VALUES ('ledger', 'ledger@x.test', 'x', 7) RETURNING id`)).rows;
      const posts = (await db.query(`INSERT INTO posts (user_id, content) SELECT $1, 'p' || n FROM generate_series(1, 3) n RETURNING id`, [userId])).rows.map((r) => Number(r.id));
      await db.query(
        `INSERT INTO boosts (post_id, user_id, kind, status, requested_at) VALUES
           ($1, $4, 'user', 'expired', now() - interval '40 days'), ($2, $4, 'user', 'active', now()), ($3, $4, 'admin', 'active', now())`,
        [...posts, userId],
      );
      expect(await runMigrations(url())).toEqual(expect.arrayContaining(['BoostLedger1733420000000']));
      const ledger = (await db.query(`SELECT user_id, post_id FROM boost_ledger ORDER BY id`)).rows.map((r) => [Number(r.user_id), Number(r.post_id)]);
      expect(ledger).toEqual([[Number(userId), posts[0]], [Number(userId), posts[1]]]);
      // Deleting the posts leaves the ledger as it is.
      await db.query(`DELETE FROM posts WHERE user_id = $1`, [userId]);
      expect((await db.query(`SELECT count(*)::int AS n FROM boost_ledger`)).rows[0].n).toBe(2);
    } finally {
      await db.end();
      const admin = new Client({ connectionString: url().replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "cloud9_test_${process.env.C9_TEST_RUN}_ledger" WITH (FORCE)`);
      await admin.end();
    }
  });
});
