import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ADMIN_QUEUE, ADMIN_VISIBLE_QUEUES, APP_CLIENT_HEADER, MESSAGES,
  type AdminJobCounts, type AdminJobStatus, type AdminSyncResult, type AuditEntry, type Page,
} from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { bootApp, PASSWORD, signUp, SignedIn, TestApp, uniqueName } from '../support/app';
import { eventually } from '../support/harness';

/** Runs on the shared run database: no restore here (see admin-backup.int-spec.ts). */
describe('admin tools: password reset, lookup, follow sync, jobs, audit, Bull Board', () => {
  let dir: string;
  let t: TestApp;
  let admin: SignedIn;

  const auditOf = async (action: string) =>
    (await t.db.query(`SELECT target, result, details FROM audit_log WHERE actor_id = $1 AND action = $2 ORDER BY id`, [admin.user.id, action])) as {
      target: string | null;
      result: string;
      details: Record<string, unknown> | null;
    }[];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-admin-tools-'));
    t = await bootApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}admintools:`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      BACKUP_DIR: path.join(dir, 'backups'),
    });
    admin = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('POST /api/admin/reset-password', () => {
    it('sets the password (new one signs in, old one fails) and ends every session of that user', async () => {
      const target = await signUp(t);
      const second = t.agent();
      await second.post('/api/login').send({ username: target.user.username, password: PASSWORD }).expect(200);
      const res = await admin.agent.post('/api/admin/reset-password').send({ username: target.user.username, newPassword: 'brand-new-password-7' }).expect(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.admin.passwordReset(target.user.username) });
      await target.agent.get('/api/me').expect(401);
      await second.get('/api/me').expect(401);
      await t.agent().post('/api/login').send({ username: target.user.username, password: PASSWORD }).expect(401);
      await t.agent().post('/api/login').send({ username: target.user.username, password: 'brand-new-password-7' }).expect(200);
      // The admin's own session is untouched.
      await admin.agent.get('/api/me').expect(200);
    });

    it('404 for an unknown user, 400 for a weak, empty or missing password or username, 403 for a foreign adminId; all audited, no password kept', async () => {
      const target = await signUp(t);
      const reset = (body: object) => admin.agent.post('/api/admin/reset-password').send(body);
      expect((await reset({ username: uniqueName('nobody'), newPassword: 'long-enough-password' }).expect(404)).body).toEqual({
        success: false,
        error: MESSAGES.admin.userNotFound,
        statusCode: 404,
      });
      expect((await reset({ username: target.user.username, newPassword: 'short' }).expect(400)).body.error).toBe(MESSAGES.auth.passwordTooShort);
      expect((await reset({ username: target.user.username, newPassword: '' }).expect(400)).body.error).toBe(MESSAGES.auth.passwordRequired);
      expect((await reset({ username: target.user.username }).expect(400)).body.error).toBe(MESSAGES.auth.passwordRequired);
      expect((await reset({ newPassword: 'long-enough-password' }).expect(400)).body.error).toBe(MESSAGES.admin.usernameRequired);
      expect((await reset({ username: target.user.username, newPassword: 'x'.repeat(257) }).expect(400)).body.error).toBe(MESSAGES.auth.passwordTooLong);
      const other = (await reset({ adminId: admin.user.id + 1, username: target.user.username, newPassword: 'long-enough-password' }).expect(403)).body;
      expect(other.error).toBe(MESSAGES.admin.onlyAsYourself);
      // Nothing above changed the password or ended the session.
      await target.agent.get('/api/me').expect(200);
      await reset({ adminId: String(admin.user.id), username: target.user.username, newPassword: 'long-enough-password' }).expect(200);
      await target.agent.get('/api/me').expect(401);

      const rows = (await auditOf('admin.reset_password')).filter((r) => r.target !== `user:${admin.user.username}`);
      expect(rows.slice(-8).map((r) => r.result)).toEqual(['not_found', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'refused', 'ok']);
      expect(rows[rows.length - 1].target).toBe(`user:${target.user.username}`);
      expect(JSON.stringify(await t.db.query(`SELECT * FROM audit_log WHERE actor_id = $1`, [admin.user.id]))).not.toContain('long-enough-password');
    });
  });

  describe('GET /api/admin/user/:username', () => {
    it('finds a user (any case) with id, username, email, name, group and created; 404 with the catalogue message', async () => {
      const someone = await signUp(t, { groupId: 7 });
      const res = await admin.agent.get(`/api/admin/user/${someone.user.username.toUpperCase()}`).expect(200);
      expect(res.body).toEqual({
        success: true,
        user: { id: someone.user.id, username: someone.user.username, email: someone.user.email, name: null, group_id: 7, createdAt: expect.any(String) },
      });
      expect(new Date(res.body.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await admin.agent.get(`/api/admin/user/${uniqueName('ghost')}`).expect(404)).body).toEqual({ success: false, error: 'User not found.', statusCode: 404 });
      const rows = await auditOf('admin.user_lookup');
      expect(rows.slice(-2).map((r) => [r.target?.startsWith('user:'), r.result])).toEqual([
        [true, 'ok'],
        [true, 'not_found'],
      ]);
    });
  });

  describe('POST /api/admin/sync-follow-tables', () => {
    it('repairs follower/following counts set wrong in the table, says how many users it fixed each way, and then finds nothing', async () => {
      const sync = async () => (await admin.agent.post('/api/admin/sync-follow-tables').expect(200)).body as AdminSyncResult;
      await sync(); // whatever other suites left behind
      const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
      await a.agent.post('/api/follow').send({ followerId: a.user.id, followedId: b.user.id }).expect(200);
      await c.agent.post('/api/follow').send({ followerId: c.user.id, followedId: b.user.id }).expect(200);
      const counts = async (id: number) =>
        (await t.db.query(`SELECT followers_count AS followers, following_count AS following FROM users WHERE id = $1`, [id]))[0] as { followers: number; following: number };
      expect(await counts(b.user.id)).toEqual({ followers: 2, following: 0 });

      // Broken on purpose: b's followers (2 → 0), c's followers (0 → 5), a's following (1 → 4).
      await t.db.query(`UPDATE users SET followers_count = 0 WHERE id = $1`, [b.user.id]);
      await t.db.query(`UPDATE users SET followers_count = 5 WHERE id = $1`, [c.user.id]);
      await t.db.query(`UPDATE users SET following_count = 4 WHERE id = $1`, [a.user.id]);

      const fixed = await sync();
      expect(fixed).toEqual({ success: true, followersAdded: 2, followingsAdded: 1, jobId: expect.any(String) });
      expect(await counts(a.user.id)).toEqual({ followers: 0, following: 1 });
      expect(await counts(b.user.id)).toEqual({ followers: 2, following: 0 });
      expect(await counts(c.user.id)).toEqual({ followers: 0, following: 1 });
      const again = await sync();
      expect(again).toEqual({ success: true, followersAdded: 0, followingsAdded: 0, jobId: expect.any(String) });
      expect(again.jobId).not.toBe(fixed.jobId);

      const rows = await auditOf('admin.sync_follow_tables');
      expect(rows.slice(-2)).toEqual([
        { target: null, result: 'ok', details: { jobId: fixed.jobId, followersAdded: 2, followingsAdded: 1 } },
        { target: null, result: 'ok', details: { jobId: again.jobId, followersAdded: 0, followingsAdded: 0 } },
      ]);

      // The finished job can be polled.
      const status = (await admin.agent.get(`/api/admin/jobs/${ADMIN_QUEUE}/${fixed.jobId}`).expect(200)).body as AdminJobStatus;
      expect(status).toEqual({
        jobId: fixed.jobId,
        queue: 'admin',
        name: 'sync-follow-tables',
        state: 'completed',
        progress: 100,
        result: { followersAdded: 2, followingsAdded: 1 },
        error: null,
      });
    });
  });

  describe('orphaned uploads (in full, on each store: orphans.int-spec.ts)', () => {
    it('an empty store has none to list or delete', async () => {
      expect((await admin.agent.get('/api/admin/orphaned-uploads').expect(200)).body).toEqual({ total: 0, orphaned: [], jobId: expect.any(String) });
      expect((await admin.agent.post('/api/admin/orphaned-uploads/delete').send({}).expect(200)).body).toEqual({ success: true, deleted: 0, jobId: expect.any(String) });
    });
  });

  describe('GET /api/admin/jobs/:queue/:jobId', () => {
    it('reports a boost rotation, a failed job with its error, and 404 for unknown queues and jobs', async () => {
      const rotate = await admin.agent.patch('/api/boost/rotate').expect(200);
      const boosts = (await admin.agent.get(`/api/admin/jobs/boosts/${rotate.body.jobId}`).expect(200)).body as AdminJobStatus;
      expect(boosts).toEqual(expect.objectContaining({ queue: 'boosts', name: 'rotate', state: 'completed', result: expect.objectContaining({ activated: expect.any(Number) }) }));

      const queue = t.app.get(JobsService).queue(ADMIN_QUEUE);
      const bogus = await queue.add('no-such-job', {}, { attempts: 1 });
      expect(await eventually(async () => (await bogus.getState()) === 'failed', 10_000)).toBe(true);
      expect((await admin.agent.get(`/api/admin/jobs/admin/${bogus.id}`).expect(200)).body).toEqual({
        jobId: String(bogus.id),
        queue: 'admin',
        name: 'no-such-job',
        state: 'failed',
        progress: 0,
        result: null,
        error: 'unknown admin job no-such-job',
      });
      expect((await admin.agent.get('/api/admin/jobs/secret-queue/1').expect(404)).body.error).toBe(MESSAGES.admin.unknownQueue);
      expect((await admin.agent.get('/api/admin/jobs/admin/999999999').expect(404)).body.error).toBe(MESSAGES.admin.jobNotFound);
    });
  });

  describe('GET /api/admin/job-counts', () => {
    it('counts each dashboard queue’s jobs by state, and a new failed job shows in them', async () => {
      const read = async () => ((await admin.agent.get('/api/admin/job-counts').expect(200)).body as AdminJobCounts).queues;
      const before = await read();
      expect(before.map((q) => q.queue)).toEqual([...ADMIN_VISIBLE_QUEUES]);
      for (const q of before) {
        expect(q).toEqual({ queue: q.queue, waiting: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), failed: expect.any(Number), completed: expect.any(Number) });
      }
      const bogus = await t.app.get(JobsService).queue(ADMIN_QUEUE).add('no-such-job', {}, { attempts: 1 });
      expect(await eventually(async () => (await bogus.getState()) === 'failed', 10_000)).toBe(true);
      const failedBefore = before.find((q) => q.queue === ADMIN_QUEUE)!.failed;
      expect((await read()).find((q) => q.queue === ADMIN_QUEUE)!.failed).toBe(failedBefore + 1);
      expect((await auditOf('admin.jobs.counts')).length).toBe(2);
    });
  });

  describe('DELETE /api/users/:id by an admin', () => {
    it('is audited as an admin action (a self-deletion is not)', async () => {
      const victim = await signUp(t);
      await admin.agent.delete(`/api/users/${victim.user.id}`).expect(200);
      await admin.agent.delete(`/api/users/${victim.user.id}`).expect(404);
      expect((await auditOf('admin.users.delete')).slice(-2)).toEqual([
        { target: `user:${victim.user.id}`, result: 'ok', details: null },
        { target: `user:${victim.user.id}`, result: 'not_found', details: null },
      ]);
      const self = await signUp(t);
      await self.agent.delete(`/api/users/${self.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
      expect(await t.db.query(`SELECT 1 FROM audit_log WHERE target = $1`, [`user:${self.user.id}`])).toEqual([]);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists every admin call above, newest first, keyset-paged, filtered by action, actor or target', async () => {
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_username = $1`, [admin.user.username]);
      const all: AuditEntry[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<AuditEntry> = (await admin.agent.get('/api/admin/audit').query({ limit: 7, query: admin.user.username, ...(cursor ? { cursor } : {}) }).expect(200)).body;
        expect(page.items.length).toBeLessThanOrEqual(7);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      // Every row there was when paging began (each listing call is audited after it reads).
      expect(all.length).toBe(n);
      expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
      const order = all.map((e) => [e.createdAt, e.id] as const);
      expect(order).toEqual([...order].sort((x, y) => (x[0] === y[0] ? y[1] - x[1] : x[0] < y[0] ? 1 : -1)));
      for (const action of [
        'admin.reset_password', 'admin.user_lookup', 'admin.sync_follow_tables', 'admin.orphans.scan', 'admin.orphans.delete',
        'admin.jobs.status', 'admin.users.delete', 'boosts.rotate',
      ]) {
        expect({ action, found: all.some((e) => e.action === action) }).toEqual({ action, found: true });
      }
      // The newest row then: the admin's second delete of the same user.
      expect(all[0]).toEqual({
        id: expect.any(Number),
        actorId: admin.user.id,
        actorUsername: admin.user.username,
        action: 'admin.users.delete',
        target: expect.stringMatching(/^user:\d+$/),
        result: 'not_found',
        details: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      });

      const syncs = (await admin.agent.get('/api/admin/audit').query({ query: 'sync_follow' }).expect(200)).body as Page<AuditEntry>;
      expect(syncs.items.length).toBeGreaterThanOrEqual(3);
      expect(syncs.items.every((e) => e.action === 'admin.sync_follow_tables')).toBe(true);
      // A row from before answers named files only: the listing still shows no server folder.
      await t.db.query(`INSERT INTO audit_log (actor_id, actor_username, action, target, result, details) VALUES ($1, $2, 'admin.app_backup', NULL, 'ok', $3)`, [
        admin.user.id,
        admin.user.username,
        JSON.stringify({ path: '/srv/cloud9/backups/cloud9-app-20250102-030405-678.tar.gz', error: "EACCES: permission denied, open '/srv/cloud9/uploads/a.png'" }),
      ]);
      const [old] = ((await admin.agent.get('/api/admin/audit').query({ query: 'app_backup', limit: 1 }).expect(200)).body as Page<AuditEntry>).items;
      expect(old.details).toEqual({ path: 'cloud9-app-20250102-030405-678.tar.gz', error: "EACCES: permission denied, open 'a.png'" });
      await admin.agent.get('/api/admin/audit').query({ cursor: 'not-a-cursor' }).expect(400);
      await admin.agent.get('/api/admin/audit').query({ limit: 0 }).expect(400);
      expect((await auditOf('admin.audit.list')).length).toBeGreaterThanOrEqual(4);
    });
  });

  describe('Bull Board at /api/admin/queues', () => {
    it('serves the dashboard, its assets and its API (admin, boosts, billing and mail queues) to the admin; changes are audited', async () => {
      const page = await admin.agent.get('/api/admin/queues').expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const base = /<base href="([^"]+)"/.exec(page.text)?.[1];
      expect(base).toBe('/api/admin/queues/');
      const asset = `${base}${/src="(static\/js\/main[^"]+\.js)"/.exec(page.text)?.[1]}`;
      const js = await admin.agent.get(asset).expect(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      // Assets are the admin's too: never the React app's index.html, never open to others.
      await t.agent().get(asset).expect(401);
      const api = (await admin.agent.get('/api/admin/queues/api/queues').expect(200)).body as { queues: { name: string }[] };
      expect(api.queues.map((q) => q.name).sort()).toEqual(['admin', 'billing', 'boosts', 'mail']);
      await admin.agent.put('/api/admin/queues/api/queues/admin/clean/completed').expect(200);
      await eventually(async () => (await auditOf('admin.queues.change')).length > 0);
      expect((await auditOf('admin.queues.change')).slice(-1)).toEqual([{ target: 'PUT /api/admin/queues/api/queues/admin/clean/completed', result: 'ok', details: null }]);
    });
  });
});
