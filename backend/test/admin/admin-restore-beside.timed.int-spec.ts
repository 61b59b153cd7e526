import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { APP_CLIENT_HEADER, ADMIN_QUEUE, MESSAGES, type AdminBackupResult, type Post } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { eventually, tableSnapshot } from '../support/harness';

// An advisory lock key of this suite's own: the pause below waits on it while the test holds it.
const PAUSE_KEY = 91_337;

/**
 * A restore loads the backup into a staging schema beside the live tables and swaps it in at the
 * end. Runs on its own database (the run database's name + '_beside', dropped by the global
 * teardown). To look at a restore in the middle of its load (or its swap) without timing anything,
 * an event trigger pauses the restore's own session at a chosen DDL statement until the test lets go.
 */
describe('a restore loads beside the live tables (own database)', () => {
  const databaseUrl = `${process.env.DATABASE_URL!}_beside`;
  let dir: string;
  let backupDir: string;
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  let carol: SignedIn;
  let control: Client;

  const restoreSchemas = async () =>
    ((await control.query(`SELECT nspname FROM pg_namespace WHERE nspname IN ('restore_staging', 'restore_old') ORDER BY 1`)).rows as { nspname: string }[]).map((r) => r.nspname);

  /** Pauses any session at `tag` (ddl_command_end) on an object in `schema` while the test holds PAUSE_KEY. */
  async function pauseAt(tag: string, schema: string): Promise<void> {
    await control.query(`CREATE SCHEMA IF NOT EXISTS restore_test_pause`);
    await control.query(`
      CREATE OR REPLACE FUNCTION restore_test_pause.wait() RETURNS event_trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_event_trigger_ddl_commands() WHERE schema_name = '${schema}') THEN
          PERFORM pg_advisory_xact_lock_shared(${PAUSE_KEY});
        END IF;
      END $$`);
    await control.query(`CREATE EVENT TRIGGER restore_test_pause ON ddl_command_end WHEN TAG IN ('${tag}') EXECUTE FUNCTION restore_test_pause.wait()`);
    await control.query(`SELECT pg_advisory_lock(${PAUSE_KEY})`);
  }
  async function removePause(): Promise<void> {
    await control.query(`SELECT pg_advisory_unlock_all()`);
    await control.query(`DROP EVENT TRIGGER IF EXISTS restore_test_pause`);
    await control.query(`DROP SCHEMA IF EXISTS restore_test_pause CASCADE`);
  }
  /** The backend pid of the session paused at the trigger, once there is one. */
  async function pausedSession(): Promise<number> {
    let pid = 0;
    const found = await eventually(async () => {
      const { rows } = await control.query(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [PAUSE_KEY]);
      pid = rows[0]?.pid ?? 0;
      return pid > 0;
    }, 60_000);
    expect(found).toBe(true);
    return pid;
  }
  const restoreJob = async () => {
    const queue = t.app.get(JobsService).queue(ADMIN_QUEUE);
    return (await queue.getJobs(['active', 'delayed', 'waiting'])).find((j) => j.name === 'db-restore');
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-restore-beside-'));
    backupDir = path.join(dir, 'backups');
    t = await bootApp({
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}beside:`,
      BACKUP_DIR: backupDir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ADMIN_JOB_WAIT_MS: '120000',
    });
    control = new Client({ connectionString: databaseUrl });
    await control.connect();
    admin = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
    alice = await signUp(t);
    carol = await signUp(t);
    await carol.agent.post('/api/follow').send({ followerId: carol.user.id, followedId: alice.user.id }).expect(200);
    // Enough rows that the load has real work: 3000 posts, likes on some.
    await t.db.query(`INSERT INTO posts (user_id, content) SELECT $1, 'seeded post ' || g FROM generate_series(1, 3000) g`, [alice.user.id]);
    await t.db.query(`INSERT INTO likes (user_id, post_id) SELECT $1, id FROM posts WHERE user_id = $2 ORDER BY id LIMIT 500`, [carol.user.id, alice.user.id]);
  }, 60_000);

  afterAll(async () => {
    await removePause().catch(() => undefined);
    await control?.end();
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  afterEach(removePause);

  it('readers get 200s while the backup loads beside the live tables; then the data is the backup’s, migrated, and ids go on past the highest', async () => {
    // A backup from before the newest migration: its row and indexes missing.
    await t.db.query(`DELETE FROM migrations WHERE name = 'NotificationIndexes1732400000000'`);
    await t.db.query(`DROP INDEX system_notices_updated, user_alerts_post`);
    const backup = (await admin.agent.get('/api/admin/backup').expect(200)).body as AdminBackupResult;
    const { file } = backup;
    await t.db.query(`CREATE INDEX system_notices_updated ON system_notices (updated_at DESC)`);
    await t.db.query(`CREATE INDEX user_alerts_post ON user_alerts (post_id) WHERE post_id IS NOT NULL`);
    await t.db.query(`INSERT INTO migrations (timestamp, name) VALUES (1732400000000, 'NotificationIndexes1732400000000')`);
    const atBackup = await tableSnapshot(t);

    // After the backup: a new post, a deleted one, an edit.
    const late = (await alice.agent.post('/api/posts').send({ content: 'after the backup' }).expect(201)).body as Post;
    await t.db.query(`DELETE FROM posts WHERE id = (SELECT min(id) FROM posts WHERE content LIKE 'seeded%')`);
    await t.db.query(`UPDATE posts SET content = 'edited after the backup' WHERE id = (SELECT max(id) FROM posts WHERE content LIKE 'seeded%')`);
    const changed = await tableSnapshot(t);
    expect(changed).not.toEqual(atBackup);

    // The load pauses at its first index build in the staging schema: the data is in, the indexes not yet.
    await pauseAt('CREATE INDEX', 'restore_staging');
    const restore = admin.agent.get('/api/admin/restore').then((r) => r);
    await pausedSession();
    const job = await restoreJob();
    expect(job?.progress).toBe(10); // the load's step

    // Meanwhile every request is answered, from the live tables as they are.
    for (let round = 0; round < 5; round++) {
      const reads = await Promise.all([
        alice.agent.get('/api/me'),
        t.agent().get('/api/posts'),
        carol.agent.get('/api/posts').query({ tab: 'following' }),
        t.agent().get(`/api/profile/${alice.user.username}`),
        t.agent().get(`/api/posts/${late.id}`),
        t.agent().get('/api/search/posts').query({ query: 'seeded' }),
      ]);
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    }
    expect(await tableSnapshot(t)).toEqual(changed);
    expect(((await t.agent().get('/api/search/posts').query({ query: 'edited after' }).expect(200)).body as { items: Post[] }).items).toHaveLength(1);
    await pausedSession(); // still paused: all of the above happened during the load

    await control.query(`SELECT pg_advisory_unlock_all()`);
    const res = await restore;
    expect(res.status).toBe(200);
    expect(res.body as AdminBackupResult).toEqual({
      success: true,
      message: MESSAGES.admin.restored(file),
      file,
      migrations: ['NotificationIndexes1732400000000'],
      output: expect.stringContaining('swapped in'),
      jobId: expect.any(String),
    });

    expect(await tableSnapshot(t)).toEqual(atBackup);
    expect(await restoreSchemas()).toEqual([]);
    const indexes = (await t.db.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname IN ('system_notices_updated', 'user_alerts_post') ORDER BY 1`)) as { indexname: string }[];
    expect(indexes.map((i) => i.indexname)).toEqual(['system_notices_updated', 'user_alerts_post']);
    // The extensions stayed where they were, and the app's statements run on the restored tables.
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE n.nspname = 'public' AND extname IN ('citext', 'pg_trgm')`);
    expect(count).toBe(2);
    // The pool's connections prepared the hot reads before the swap; each still answers from the restored tables.
    for (let i = 0; i < 20; i++) {
      expect((await alice.agent.get('/api/me').expect(200)).body.id).toBe(alice.user.id);
      await carol.agent.get('/api/posts').query({ tab: 'following' }).expect(200);
      const found = (await t.agent().get('/api/search/posts').query({ query: 'edited after' }).expect(200)).body as { items: Post[] };
      expect(found.items).toEqual([]); // the edit was made after the backup
    }
    await t.agent().get(`/api/posts/${late.id}`).expect(404); // made after the backup

    // A new post gets an id past every id the backup has and every id handed out before the restore.
    const next = (await alice.agent.post('/api/posts').send({ content: 'after the restore' }).expect(201)).body as Post;
    const [{ max }] = await t.db.query(`SELECT max(id)::int AS max FROM posts WHERE id <> $1`, [next.id]);
    expect(next.id).toBeGreaterThan(max);
    expect(next.id).toBeGreaterThan(late.id);
  }, 120_000);

  it('a load killed midway leaves the live tables as they were and no staging schema; the retry restores the backup', async () => {
    const atBackup = await tableSnapshot(t);
    await admin.agent.get('/api/admin/backup').expect(200);
    await alice.agent.post('/api/posts').send({ content: 'after the second backup' }).expect(201);
    const changed = await tableSnapshot(t);

    await pauseAt('CREATE INDEX', 'restore_staging');
    const restore = admin.agent.get('/api/admin/restore').then((r) => r);
    const load = await pausedSession();
    await control.query(`SELECT pg_terminate_backend($1)`, [load]);
    // The attempt fails; the job waits for its retry, which pauses at the same place.
    expect(await eventually(async () => ((await restoreJob())?.attemptsMade ?? 0) >= 1, 30_000)).toBe(true);
    expect((await restoreJob())?.failedReason).toMatch(/\(the live data is unchanged\)$/);
    expect(await restoreSchemas()).toEqual([]);
    expect(await tableSnapshot(t)).toEqual(changed);
    await t.agent().get('/api/posts').expect(200);

    expect(await pausedSession()).not.toBe(load);
    await control.query(`SELECT pg_advisory_unlock_all()`);
    expect((await restore).status).toBe(200);
    expect(await tableSnapshot(t)).toEqual(atBackup);
    expect(await restoreSchemas()).toEqual([]);
  }, 120_000);

  it('a swap cut off after the load leaves the live tables as they were and drops the staging schema', async () => {
    await admin.agent.get('/api/admin/backup').expect(200);
    const atBackup = await tableSnapshot(t);
    await alice.agent.post('/api/posts').send({ content: 'after the third backup' }).expect(201);
    const changed = await tableSnapshot(t);

    // The swap's first move (a live table into restore_old) pauses, holding the live tables' locks.
    await pauseAt('ALTER TABLE', 'restore_old');
    const restore = admin.agent.get('/api/admin/restore').then((r) => r);
    const swap = await pausedSession();
    expect(await restoreSchemas()).toEqual(['restore_staging']); // the load committed beside the live tables
    await control.query(`SELECT pg_terminate_backend($1)`, [swap]);
    expect(await eventually(async () => ((await restoreJob())?.attemptsMade ?? 0) >= 1, 30_000)).toBe(true);
    expect(await restoreSchemas()).toEqual([]);
    expect(await tableSnapshot(t)).toEqual(changed);
    await t.agent().get('/api/posts').expect(200);

    await pausedSession();
    await control.query(`SELECT pg_advisory_unlock_all()`);
    expect((await restore).status).toBe(200);
    expect(await tableSnapshot(t)).toEqual(atBackup);
  }, 120_000);

  it('an unreadable backup answers 500 at once with the reason and changes nothing', async () => {
    const before = await tableSnapshot(t);
    const bad = path.join(backupDir, 'cloud9-29991231-235959-999.dump');
    await fs.writeFile(bad, 'not a pg_dump archive');
    try {
      const res = await admin.agent.get('/api/admin/restore').expect(500);
      expect(res.body).toEqual({
        success: false,
        statusCode: 500,
        error: expect.stringMatching(/^Restore failed: The backup cloud9-29991231-235959-999\.dump cannot be read: pg_restore exited with code 1: .* \(the live data is unchanged\)$/),
      });

      const job = await t.app.get(JobsService).queue(ADMIN_QUEUE).getJobs(['failed']);
      expect(job.find((j) => j.data.file === path.basename(bad))?.attemptsMade).toBe(1); // not retried: the file will not change
    } finally {
      await fs.rm(bad, { force: true });
    }
    expect(await tableSnapshot(t)).toEqual(before);
    expect(await restoreSchemas()).toEqual([]);
  }, 60_000);
});
