import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import * as tar from 'tar';
import { APP_CLIENT_HEADER, ADMIN_JOB, ADMIN_QUEUE, MESSAGES, type AdminAppBackupResult, type AdminBackupResult, type Post } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { bootApp, PASSWORD, signUp, SignedIn, TestApp } from '../support/app';
import { tableSnapshot, tinyPng } from '../support/harness';
import { DRIVERS, S3RVER_SECRET, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';
import { INVENTORY } from '../../src/modules/admin/backup.service';

/**
 * A restore replaces the WHOLE database the app points at: this suite runs on its own database
 * (the run database's name + '_restore', dropped by the global teardown), never the shared one.
 */
describe('admin database backup, restore and app backup (own database)', () => {
  const SECRETS = {
    SESSION_SECRET: 'restore-suite-session-secret-5f1c',
    PAYPAL_CLIENT_SECRET: 'paypal-secret-for-the-backup-suite',
    GIPHY_API_KEY: 'giphy-key-for-the-backup-suite',
    DB_PASSWORD: 'db-password-for-the-backup-suite',
  };
  // PostgreSQL here trusts local connections, so the password is accepted and ignored: it is in the
  // URL only to prove it reaches pg_dump/pg_restore through the environment and never a backup.
  const databaseUrl = `${process.env.DATABASE_URL!.replace('postgres://postgres@', `postgres://postgres:${SECRETS.DB_PASSWORD}@`)}_restore`;
  let dir: string;
  let backupDir: string;
  let t: TestApp;
  let admin: SignedIn;
  const timings: Record<string, number> = {};

  const boot = (env: Record<string, string> = {}) =>
    bootApp({
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}backup:`,
      BACKUP_DIR: backupDir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      BACKUP_KEEP: '2',
      ADMIN_JOB_WAIT_MS: '60000',
      SESSION_SECRET: SECRETS.SESSION_SECRET,
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_CLIENT_SECRET: SECRETS.PAYPAL_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: 'WH-BACKUP',
      GIPHY_API_KEY: SECRETS.GIPHY_API_KEY,
      ...env,
    });

  const backupFiles = async () => (await fs.readdir(backupDir).catch(() => [] as string[])).filter((n) => /^cloud9-\d{8}-\d{6}-\d{3}\.dump$/.test(n)).sort();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-backup-'));
    backupDir = path.join(dir, 'backups');
    t = await boot();
    admin = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
    console.log(`admin backup suite timings (ms): ${JSON.stringify(timings)}`);
  });

  it('restore without a backup answers 404 {success:false, error} and changes nothing', async () => {
    const before = await tableSnapshot(t);
    const res = await admin.agent.get('/api/admin/restore').expect(404);
    expect(res.body).toEqual({ success: false, error: MESSAGES.admin.noBackup, statusCode: 404 });
    expect(await tableSnapshot(t)).toEqual(before);
    const [row] = await t.db.query(`SELECT result, details FROM audit_log WHERE actor_id = $1 AND action = 'admin.restore' ORDER BY id DESC LIMIT 1`, [admin.user.id]);
    expect(row).toEqual({ result: 'not_found', details: { status: 404, error: MESSAGES.admin.noBackup } });
  });

  it('backup, then changes, then restore: the data is exactly the backup’s, sessions stay valid, the app answers throughout', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const carol = await signUp(t);
    const alicePost = ((await alice.agent.post('/api/posts').send({ content: 'alice before the backup' }).expect(201)).body as Post).id;
    const bobPost = ((await bob.agent.post('/api/posts').send({ content: 'bob before the backup' }).expect(201)).body as Post).id;
    await alice.agent.post(`/api/posts/${bobPost}/like`).send({}).expect(200);
    await carol.agent.post('/api/follow').send({ followerId: carol.user.id, followedId: alice.user.id }).expect(200);

    let started = Date.now();
    const backup = await admin.agent.get('/api/admin/backup').expect(200);
    timings.backupMs = Date.now() - started;
    const body = backup.body as AdminBackupResult;
    const [file] = await backupFiles();
    const { size } = await fs.stat(path.join(backupDir, file));
    // The file by name, never the server's folder.
    expect(body).toEqual({ success: true, message: MESSAGES.admin.backupWritten(file), file, bytes: size, removed: [], output: expect.any(String), jobId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain(backupDir);
    expect(size).toBeGreaterThan(1000);
    expect((await fs.readFile(path.join(backupDir, file))).subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump custom format
    expect(await fs.readdir(backupDir)).toEqual([file]); // no half-written file left
    const atBackup = await tableSnapshot(t);

    // After the backup: a new user with a post, a new post, an edit, and bob deleted (cascading).
    const dave = await signUp(t);
    await dave.agent.post('/api/posts').send({ content: 'dave after the backup' }).expect(201);
    await alice.agent.post('/api/posts').send({ content: 'alice after the backup' }).expect(201);
    await t.db.query(`UPDATE posts SET content = 'edited after the backup' WHERE id = $1`, [alicePost]);
    await admin.agent.delete(`/api/users/${bob.user.id}`).expect(200);
    expect(await tableSnapshot(t)).not.toEqual(atBackup);

    // The app keeps answering while the restore runs.
    let restoring = true;
    const during: number[] = [];
    const loop = (call: () => Promise<{ status: number }>) =>
      (async () => {
        while (restoring) during.push((await call()).status);
      })();
    // Several clients at once, reading across users, posts, likes, follows and boosts.
    const traffic = Promise.all([
      loop(() => alice.agent.get('/api/me')),
      loop(() => t.agent().get('/api/posts')),
      loop(() => carol.agent.get('/api/posts').query({ tab: 'following' })),
      loop(() => t.agent().get(`/api/profile/${alice.user.username}`)),
    ]);
    started = Date.now();
    const restore = await admin.agent.get('/api/admin/restore');
    timings.restoreMs = Date.now() - started;
    restoring = false;
    await traffic;
    expect(restore.status).toBe(200);
    expect(restore.body as AdminBackupResult).toEqual({
      success: true,
      message: MESSAGES.admin.restored(file),
      file,
      migrations: [],
      output: expect.stringContaining('swapped in'),
      jobId: expect.any(String),
    });
    expect(JSON.stringify(restore.body)).not.toContain(backupDir);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((s) => s !== 200)).toEqual([]);

    // Exactly the backup's rows: dave and the new posts gone, bob and his post and like back, the edit undone.
    expect(await tableSnapshot(t)).toEqual(atBackup);

    // Sessions live in Redis: alice is still signed in, on every pooled connection's prepared statements.
    for (let i = 0; i < 20; i++) expect((await alice.agent.get('/api/me').expect(200)).body.id).toBe(alice.user.id);
    await admin.agent.get('/api/admin/users').expect(200);
    // dave no longer exists: his session is refused; bob is back and can sign in.
    await dave.agent.get('/api/me').expect(401);
    await t.agent().post('/api/login').send({ username: bob.user.username, password: PASSWORD }).expect(200);
    // Ids are never handed out twice: a new account does not get dave's id (his old cookie stays dead).
    const erin = await signUp(t);
    expect(erin.user.id).toBeGreaterThan(dave.user.id);
    await dave.agent.get('/api/me').expect(401);
    // The app writes as usual after the restore.
    await alice.agent.post('/api/posts').send({ content: 'after the restore' }).expect(201);

    // The audit trail outlives the restore: the backup, bob's deletion (both after the dump) and the restore itself.
    const audit = (await t.db.query(`SELECT action, target, result FROM audit_log WHERE actor_id = $1 ORDER BY id`, [admin.user.id])) as { action: string; target: string | null; result: string }[];
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'admin.backup', target: null, result: 'ok' },
        { action: 'admin.users.delete', target: `user:${bob.user.id}`, result: 'ok' },
        { action: 'admin.restore', target: null, result: 'ok' },
      ]),
    );
  }, 120_000);

  it('keeps only the newest BACKUP_KEEP (2) backups, reporting progress', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await admin.agent.get('/api/admin/backup').expect(200);
      made.push((res.body as AdminBackupResult).file);
    }
    expect(new Set(made).size).toBe(3);
    // The job reported its progress as it went (the last report: 100).
    const last = (await admin.agent.get('/api/admin/backup').expect(200)).body as AdminBackupResult;
    made.push(last.file);
    made.shift();
    // The fourth backup removed the oldest one left (the first was removed by the third).
    expect(last.removed).toEqual([made[0]]);
    expect((await t.app.get(JobsService).queue(ADMIN_QUEUE).getJob(last.jobId))?.progress).toBe(100);
    expect(await backupFiles()).toEqual(made.slice(1).sort());
    expect((await fs.readdir(backupDir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  }, 60_000);

  it('a restore waits out a transaction holding a table, and never deadlocks it (locks every table before dropping any)', async () => {
    const other = new Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT count(*) FROM follows'); // holds follows until COMMIT
      const restore = admin.agent.get('/api/admin/restore').then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      // The restore now waits for follows; this transaction asks for tables the restore may be locking.
      for (const table of ['boosts', 'audit_log', 'users', 'posts']) await other.query(`SELECT count(*) FROM ${table}`);
      await new Promise((r) => setTimeout(r, 1200));
      await other.query('COMMIT');
      const res = await restore;
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      // On its first attempt: no deadlock killed it (a job retry would hide one).
      const job = await t.app.get(JobsService).queue(ADMIN_QUEUE).getJob(res.body.jobId);
      expect(job?.attemptsStarted).toBe(1);
      await admin.agent.get('/api/me').expect(200);
    } finally {
      await other.end();
    }
  }, 60_000);

  it('a backup that cannot write (BACKUP_DIR is not a folder: a wrong setting, not retried) answers 500 "Backup failed: …" as JSON', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await fs.writeFile(blocker, 'x');
    const broken = await boot({ BACKUP_DIR: path.join(blocker, 'backups'), REDIS_PREFIX: `${process.env.REDIS_PREFIX}backupfail:` });
    try {
      const agent = broken.agent().set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
      await agent.post('/api/login').send({ username: admin.user.username, password: PASSWORD }).expect(200);
      const res = await agent.get('/api/admin/backup').expect(500);
      // The fs error names the folder; the admin is told the reason without it.
      expect(res.body).toEqual({ success: false, statusCode: 500, error: "Backup failed: ENOTDIR: not a directory, mkdir 'backups'" });
    } finally {
      await broken.close();
    }
  }, 60_000);

  describe.each(DRIVERS)('app backup (%s storage)', (driver) => {
    let store: StoreUnderTest;
    let app: TestApp;
    let agent: ReturnType<TestApp['agent']>;

    beforeAll(async () => {
      store = await storeUnderTest(driver);
      // The local store is the suite's own app; the bucket gets an app of its own on the same database.
      app = driver === 'local' ? t : await boot(store.env);
      agent = app.agent().set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
      await agent.post('/api/login').send({ username: admin.user.username, password: PASSWORD }).expect(200);
    });
    afterAll(async () => {
      if (app !== t) await app?.close();
      await store?.close();
    });

    it('a .tar.gz of the media (the files, or the bucket\'s inventory) and settings.json, with no secret anywhere in it', async () => {
      const alice = await signUp(app);
      const png = tinyPng();
      const post = (await alice.agent.post('/api/posts').field('content', 'with a photo').attach('file', png, { filename: 'p.png', contentType: 'image/png' }).expect(201)).body as Post;
      const key = post.media_url!.replace(/^\/uploads\//, '');
      const stored = (await store.read(app.settings.uploadDir, key))!;
      await fs.mkdir(path.join(app.settings.uploadDir, '.incoming'), { recursive: true });
      await fs.writeFile(path.join(app.settings.uploadDir, '.incoming', 'half-received'), 'x');

      const res = await agent.get('/api/admin/app-backup').expect(200);
      const body = res.body as AdminAppBackupResult;
      expect(body).toEqual({
        success: true,
        message: MESSAGES.admin.appBackupWritten(body.file),
        file: expect.stringMatching(/^cloud9-app-\d{8}-\d{6}-\d{3}\.tar\.gz$/),
        bytes: expect.any(Number),
        files: (await store.keys(app.settings.uploadDir)).length,
        jobId: expect.any(String),
      });
      const archive = path.join(backupDir, body.file);
      expect(existsSync(archive)).toBe(true);
      expect(body.bytes).toBe((await fs.stat(archive)).size);

      const entries: string[] = [];
      await tar.t({ file: archive, onReadEntry: (e) => void entries.push(e.path) });
      expect(entries.filter((e) => e.includes('.incoming'))).toEqual([]);
      const out = await fs.mkdtemp(path.join(dir, 'extracted-'));
      await tar.x({ file: archive, cwd: out });
      if (driver === 'local') {
        expect(entries).toEqual(expect.arrayContaining(['settings.json', `uploads/${key}`]));
        expect(await fs.readFile(path.join(out, 'uploads', key))).toEqual(stored);
      } else {
        // The bytes stay in the (versioned) bucket; the backup says what was there.
        expect(entries.sort()).toEqual(['settings.json', INVENTORY]);
        const inventory = (await fs.readFile(path.join(out, INVENTORY), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
        expect(inventory.map((o: { key: string }) => o.key).sort()).toEqual(await store.keys(app.settings.uploadDir));
        expect(inventory.find((o: { key: string }) => o.key === key)).toEqual({ key, bytes: stored.length, modifiedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
      }
      const settings = JSON.parse(await fs.readFile(path.join(out, 'settings.json'), 'utf8'));
      expect(settings.settings).toEqual(
        expect.objectContaining({ sessionSecretSet: true, paypalClientSecretSet: true, giphyApiKeySet: true, backupKeep: 2, paypalClientId: 'paypal-client-id', s3SecretAccessKeySet: driver === 's3' }),
      );
      expect(settings.settings.storage.driver).toBe(driver);
      expect(settings.settings.databaseUrl).toMatch(/^postgres:\/\/127\.0\.0\.1:5432\/cloud9_test_.*_restore$/);
      const everything = gunzipSync(await fs.readFile(archive)).toString('latin1');
      for (const secret of [...Object.values(SECRETS), S3RVER_SECRET]) expect(everything).not.toContain(secret);
      expect(everything).not.toContain('integration-test-session-secret');
      expect(ADMIN_JOB.appBackup).toBe('app-backup');
    }, 60_000);
  });
});
