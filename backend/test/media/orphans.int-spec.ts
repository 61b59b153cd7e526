import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { APP_CLIENT_HEADER, MESSAGES, type AdminOrphansResult, type Post } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, TestApp, uniqueName } from '../support/app';
import { tinyPng } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';

/** The admin's orphaned-uploads scan and delete, on each media store. Runs on the shared run database. */
describe.each(DRIVERS)('orphaned uploads (%s storage)', (driver) => {
  const HOUR = 3600;
  let dir: string;
  let store: StoreUnderTest;
  let t: TestApp;
  let admin: SignedIn;

  const auditOf = async (action: string) =>
    (await t.db.query(`SELECT result, details FROM audit_log WHERE actor_id = $1 AND action = $2 ORDER BY id`, [admin.user.id, action])) as {
      result: string;
      details: Record<string, unknown> | null;
    }[];
  const uploads = () => t.settings.uploadDir;
  const plant = (name: string, ageSeconds = HOUR) => store.plant(uploads(), name, Buffer.from(`planted ${name}`), ageSeconds);
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-orphans-'));
    store = await storeUnderTest(driver);
    // A store of its own (the local one: its own UPLOAD_DIR), so the scan sees this suite's files only.
    t = await bootApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}orphans-${driver}:`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      BACKUP_DIR: path.join(dir, 'backups'),
      ORPHAN_MIN_AGE_SECONDS: '600',
      ...store.env,
    });
    admin = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lists only files nothing references (old enough), then deletes only those still unreferenced', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    // Referenced through the app: a posted image and a profile thumbnail (each with its media row).
    const post = (await alice.agent.post('/api/posts').field('content', 'photo').attach('file', tinyPng(), { filename: 'p.png', contentType: 'image/png' }).expect(201)).body as Post;
    const thumb = (await bob.agent.put(`/api/profile/${bob.user.username}`).attach('thumbnail', tinyPng([9, 9, 9, 255]), 't.png').expect(200)).body as { thumbnail: string };
    const referenced = [keyOf(post.media_url!), keyOf(thumb.thumbnail)];
    for (const key of referenced) await store.age(uploads(), key, HOUR);
    // Referenced by a row alone (no media row): a post's media_url, a profile background, a notice.
    const tag = uniqueName('orph');
    await plant(`${tag}-post.png`);
    await plant(`${tag}-background.png`);
    await plant(`${tag}-notice.png`);
    await t.db.query(`INSERT INTO posts (user_id, content, media_url) VALUES ($1, 'legacy', $2)`, [alice.user.id, `/uploads/${tag}-post.png`]);
    await t.db.query(`UPDATE users SET background = $2 WHERE id = $1`, [alice.user.id, `/uploads/${tag}-background.png`]);
    await t.db.query(`INSERT INTO system_notices (user_id, content, media_url) VALUES ($1, 'notice', $2)`, [admin.user.id, `/uploads/${tag}-notice.png`]);
    // Not orphans either: a fresh file (maybe mid-upload) and a half-received upload (always on the local disk).
    await plant(`${tag}-fresh.png`, 0);
    await fs.mkdir(path.join(uploads(), '.incoming'), { recursive: true });
    await fs.writeFile(path.join(uploads(), '.incoming', `${tag}-partial`), 'half');
    await fs.utimes(path.join(uploads(), '.incoming', `${tag}-partial`), new Date(Date.now() - HOUR * 1000), new Date(Date.now() - HOUR * 1000));
    // The orphans.
    await plant(`${tag}-orphan-a.png`);
    await plant(`nested/${tag}-orphan-b.bin`);

    const scan = (await admin.agent.get('/api/admin/orphaned-uploads').expect(200)).body as AdminOrphansResult;
    // Names only: where a file sits in the store stays on the server.
    expect(scan).toEqual({ total: 2, orphaned: [`${tag}-orphan-a.png`, `${tag}-orphan-b.bin`].sort(), jobId: expect.any(String) });

    // Meanwhile orphan-a gets referenced: the delete judges again and keeps it.
    await t.db.query(`INSERT INTO media (owner_id, storage_key, mime, kind, bytes) VALUES ($1, $2, 'image/png', 'image', 10)`, [alice.user.id, `${tag}-orphan-a.png`]);
    const before = await store.files(uploads());
    const del = await admin.agent.post('/api/admin/orphaned-uploads/delete').send({ names: scan.orphaned }).expect(200);
    expect(del.body).toEqual({ success: true, deleted: 1, jobId: expect.any(String) });
    expect(await store.files(uploads())).toEqual(before.filter((f) => f !== `nested/${tag}-orphan-b.bin`));
    for (const key of referenced) expect(before).toContain(key);
    expect(before).toContain(path.join('.incoming', `${tag}-partial`));

    // Nothing left to find; a bad body is a 400.
    expect(((await admin.agent.get('/api/admin/orphaned-uploads').expect(200)).body as AdminOrphansResult).total).toBe(0);
    expect((await admin.agent.post('/api/admin/orphaned-uploads/delete').send({ names: 'all' }).expect(400)).body.error).toBe(MESSAGES.admin.invalidOrphanNames);
    // Without names every current orphan goes.
    await plant(`${tag}-orphan-c.png`);
    expect((await admin.agent.post('/api/admin/orphaned-uploads/delete').send({}).expect(200)).body.deleted).toBe(1);
    expect((await store.files(uploads())).some((f) => f.includes('orphan-c'))).toBe(false);
    expect((await auditOf('admin.orphans.scan')).slice(-2).map((r) => r.details?.total)).toEqual([2, 0]);
    expect((await auditOf('admin.orphans.delete')).slice(-3).map((r) => [r.result, r.details?.deleted ?? null])).toEqual([
      ['ok', 1],
      ['invalid', null],
      ['ok', 1],
    ]);
  });
});
