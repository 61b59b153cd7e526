import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import type request from 'supertest';
import * as yauzl from 'yauzl';
import { MESSAGES, type DataExport, type Post } from '@cloud9/contracts';
import { ExportsService } from '../../src/modules/exports/exports.service';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';
import { gradientImage } from '../support/images';
import { eventually } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';

/** Every entry of a ZIP (its name and bytes), read with yauzl. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          (stream as Readable).on('data', (c: Buffer) => chunks.push(c));
          (stream as Readable).on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** supertest's parser of a body as bytes, whatever its type. */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(DRIVERS)("POST /api/me/export, GET /api/me/exports/:id: the account's data as a ZIP (%s media storage)", (driver) => {
  let store: StoreUnderTest;
  let t: TestApp;
  let dir: string;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-export-'));
    store = await storeUnderTest(driver);
    t = await bootApp({ UPLOAD_DIR: path.join(dir, 'uploads'), ...store.env, EXPORT_DIR: path.join(dir, 'exports') });
    alice = await signUp(t, { groupId: 7 });
    bob = await signUp(t, { groupId: 7 });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Waits for the export's build (the app's own worker) and answers its download. */
  async function downloaded(who: SignedIn, id: number) {
    let res: Awaited<ReturnType<typeof fetchExport>> | undefined;
    const ready = await eventually(async () => {
      res = await fetchExport(who, id);
      return res.status === 200;
    }, 30_000);
    expect({ ready, status: res?.status }).toEqual({ ready: true, status: 200 });
    return res!;
  }
  const fetchExport = (who: SignedIn, id: number) => who.agent.get(`/api/me/exports/${id}`).buffer(true).parse(binary);

  it('builds a ZIP of every part of the account, which only its owner downloads; at most once per 7 days; old ones are cleaned up', async () => {
    // What alice has: posts (one edited, one with an image), a reply, likes, a bookmark, follows both ways, mutes, blocks, a muted word, an alert.
    const carol = await signUp(t);
    const dave = await signUp(t);
    const first = (await alice.agent.post('/api/posts').send({ content: 'first words' }).expect(201)).body as Post;
    await t.db.query(`INSERT INTO post_edits (post_id, content, edited_at) VALUES ($1, 'first draft', now() - interval '1 minute')`, [first.id]);
    const image = await gradientImage(64, 48, 'png');
    const pictured = (await alice.agent.post('/api/posts').field('content', 'a picture').attach('file', image, { filename: 'p.png', contentType: 'image/png' }).expect(201)).body as Post;
    const bobs = (await bob.agent.post('/api/posts').send({ content: 'bob speaks' }).expect(201)).body as Post;
    await alice.agent.post(`/api/posts/${bobs.id}/reply`).send({ content: 'alice answers' }).expect(201);
    await alice.agent.post(`/api/posts/${bobs.id}/like`).send({}).expect(200);
    await alice.agent.post('/api/bookmarks').send({ postId: bobs.id }).expect(200);
    await alice.agent.post('/api/follow').send({ followerId: alice.user.id, followedId: bob.user.id }).expect(200);
    await bob.agent.post('/api/follow').send({ followerId: bob.user.id, followedId: alice.user.id }).expect(200);
    await alice.agent.post(`/api/mutes/${carol.user.id}`).expect(200);
    await alice.agent.post(`/api/blocks/${dave.user.id}`).expect(200);
    await alice.agent.post('/api/muted-words').send({ word: 'spoilers' }).expect(201);
    await bob.agent.post(`/api/posts/${first.id}/like`).send({}).expect(200);
    const chat = (await alice.agent.post('/api/conversations').send({ memberIds: [bob.user.id] }).expect(201)).body.id as number;
    const said = (await alice.agent.post(`/api/conversations/${chat}/messages`).send({ text: 'see you soon' }).expect(201)).body as { id: number };
    await bob.agent.post(`/api/conversations/${chat}/messages`).send({ text: 'bob says hi' }).expect(201);

    const asked = await alice.agent.post('/api/me/export').expect(202);
    expect(asked.body).toEqual({ id: expect.any(Number), status: 'pending', requestedAt: expect.any(String), readyAt: null, expiresAt: expect.any(String), bytes: null });
    expect(Date.parse(asked.body.expiresAt) - Date.parse(asked.body.requestedAt)).toBe(7 * 24 * 3600 * 1000);

    const res = await downloaded(alice, asked.body.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cloud9-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(res.body as Buffer);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    const key = pictured.media_url!.replace(/^\/uploads\//, '');
    expect([...files.keys()].sort()).toEqual(
      ['account.json', 'blocks.json', 'bookmarks.json', 'direct-messages.json', 'followers.json', 'following.json', 'likes.json', `media/${key}`, 'muted-words.json', 'mutes.json', 'notifications.json', 'posts.json', 'replies.json'].sort(),
    );
    expect(json('account.json').account).toEqual(expect.objectContaining({ id: alice.user.id, username: alice.user.username, email: alice.user.email }));
    expect(files.get('account.json')!.toString()).not.toMatch(/password|argon2/);
    const posts = json('posts.json') as { id: number; content: string; edits: { content: string }[]; media_url: string | null }[];
    expect(posts.map((p) => p.id)).toEqual([first.id, pictured.id]);
    expect(posts[0].edits.map((e) => e.content)).toEqual(['first draft']);
    expect(posts[1].media_url).toBe(pictured.media_url);
    expect(json('replies.json')).toEqual([expect.objectContaining({ content: 'alice answers', parent_id: bobs.id, edits: [] })]);
    expect(json('likes.json')).toEqual([{ post_id: bobs.id, created_at: expect.any(String) }]);
    expect(json('bookmarks.json')).toEqual([{ post_id: bobs.id, created_at: expect.any(String) }]);
    expect(json('following.json')).toEqual([{ user_id: bob.user.id, username: bob.user.username, created_at: expect.any(String) }]);
    expect(json('followers.json')).toEqual([{ user_id: bob.user.id, username: bob.user.username, created_at: expect.any(String) }]);
    expect(json('mutes.json')).toEqual([{ user_id: carol.user.id, username: carol.user.username, created_at: expect.any(String) }]);
    expect(json('blocks.json')).toEqual([{ user_id: dave.user.id, username: dave.user.username, created_at: expect.any(String) }]);
    expect(json('muted-words.json')).toEqual([{ word: 'spoilers', created_at: expect.any(String) }]);
    expect(json('notifications.json')).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'like', post_id: first.id, actor_username: bob.user.username })]));
    // The messages the account sent; the others' stay theirs.
    expect(json('direct-messages.json')).toEqual([{ id: said.id, conversation_id: chat, text: 'see you soon', media_url: null, gif_url: null, created_at: expect.any(String) }]);
    const stored = await store.read(t.settings.uploadDir, key);
    expect(stored).not.toBeNull();
    expect(files.get(`media/${key}`)!.equals(stored!)).toBe(true);

    // Only its owner: anyone else (or nobody) gets 404 / 401.
    expect((await bob.agent.get(`/api/me/exports/${asked.body.id}`).expect(404)).body.error).toBe(MESSAGES.accountData.exportNotFound);
    await t.agent().get(`/api/me/exports/${asked.body.id}`).expect(401);
    const listed = await alice.agent.get('/api/me/exports').expect(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: asked.body.id, status: 'ready', bytes: (res.body as Buffer).length })]);
    expect(listed.body.nextAllowedAt).toBe(asked.body.expiresAt);
    expect((await bob.agent.get('/api/me/exports').expect(200)).body.items).toEqual([]);

    // Once per 7 days: 429 with the date of the next and Retry-After.
    const refused = await alice.agent.post('/api/me/export').expect(429);
    expect(refused.body.error).toBe(MESSAGES.accountData.exportTooSoon(asked.body.expiresAt));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(7 * 24 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(7 * 24 * 3600);

    // 8 days on (the stored date moved back): a new one may be asked for; the old one is gone for its owner too, and the cleanup deletes it with its file.
    await t.db.query(`UPDATE data_exports SET requested_at = requested_at - interval '8 days' WHERE id = $1`, [asked.body.id]);
    const [{ file }] = await t.db.query('SELECT file FROM data_exports WHERE id = $1', [asked.body.id]);
    await alice.agent.get(`/api/me/exports/${asked.body.id}`).expect(404);
    const again = await alice.agent.post('/api/me/export').expect(202);
    await downloaded(alice, again.body.id);
    const stray = path.join(t.settings.exportDir, `999999-${'ab'.repeat(16)}.zip`);
    await fs.writeFile(stray, 'left behind');
    await fs.utimes(stray, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const unrelated = path.join(t.settings.exportDir, 'README');
    await fs.writeFile(unrelated, 'not an export');

    expect(await t.app.get(ExportsService).cleanup(new Date())).toEqual({ exports: 1, files: 2 });
    expect((await t.db.query('SELECT id FROM data_exports WHERE user_id = $1', [alice.user.id])).map((r: { id: string | number }) => Number(r.id))).toEqual([again.body.id]);
    const left = await fs.readdir(t.settings.exportDir);
    expect(left).not.toContain(file);
    expect(left).not.toContain(path.basename(stray));
    expect(left).toContain('README');
    await fetchExport(alice, again.body.id).expect(200);
  });

  it('answers 202 with the status while the export is being built, 409 once its build failed (which does not count against the 7 days)', async () => {
    const erin = await signUp(t);
    const [{ id: pending }] = await t.db.query(`INSERT INTO data_exports (user_id) VALUES ($1) RETURNING id`, [erin.user.id]);
    const status = await erin.agent.get(`/api/me/exports/${pending}`).expect(202);
    expect(status.body as DataExport).toEqual(expect.objectContaining({ id: Number(pending), status: 'pending', readyAt: null }));
    await t.db.query(`UPDATE data_exports SET status = 'failed' WHERE id = $1`, [pending]);
    expect((await erin.agent.get(`/api/me/exports/${pending}`).expect(409)).body.error).toBe(MESSAGES.accountData.exportFailed);
    await erin.agent.post('/api/me/export').expect(202);
  });

  it('lets only one of two requests at once through', async () => {
    const frank = await signUp(t);
    const answers = await Promise.all([frank.agent.post('/api/me/export'), frank.agent.post('/api/me/export')]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 429]);
  });
});
