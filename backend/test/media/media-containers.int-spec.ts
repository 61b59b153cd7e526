import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { MESSAGES } from '@cloud9/contracts';
import { signUp, SignedIn } from '../support/app';
import { bootWatched, countRows, filesUnder, WatchedApp } from '../support/harness';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/media', name));
const VIDEO_MP4 = fixture('video.mp4');
const GIF = fixture('animated.gif');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** `bytes` with `block` inserted after the GIF's header, screen descriptor and global colour table. */
function insertIntoGif(gif: Buffer, block: Buffer): Buffer {
  const head = 13 + (gif[10] & 0x80 ? 3 * (1 << ((gif[10] & 7) + 1)) : 0);
  return Buffer.concat([gif.subarray(0, head), block, gif.subarray(head)]);
}
const gifExtension = (label: number, ...blocks: string[]) =>
  Buffer.concat([Buffer.from([0x21, label]), ...blocks.map((b) => Buffer.concat([Buffer.from([b.length]), Buffer.from(b, 'latin1')])), Buffer.from([0])]);

async function framesOf(gif: Buffer) {
  const image = sharp(gif, { animated: true });
  const { pages, delay, loop } = await image.metadata();
  return { pages, delay, loop, pixels: (await image.raw().toBuffer()).toString('base64') };
}

describe('uploads judged all the way through: containers read by MediaInfo, GIFs cut to their frames', () => {
  let t: WatchedApp;
  let user: SignedIn;

  const uploadDir = () => t.settings.uploadDir;
  const storageKey = (url: string) => url.replace(/^\/uploads\//, '');
  const mediaRow = async (url: string) => (await t.db.query('SELECT mime, kind, bytes FROM media WHERE storage_key = $1', [storageKey(url)]))[0];
  /** GET of a stored file with its body as bytes, whatever its type. */
  const download = (url: string) =>
    t.request().get(url).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
  const post = (who: SignedIn, bytes: Buffer, filename: string, contentType = 'application/octet-stream') =>
    who.agent.post('/api/posts').field('content', 'my clip').attach('file', bytes, { filename, contentType });

  beforeAll(async () => {
    // This suite is about judging files, not about how many a user may send.
    t = await bootWatched({ RATE_LIMIT_UPLOADS: '0/1m', RATE_LIMIT_POSTS: '0/1m' });
    user = await signUp(t);
  });
  afterAll(() => t?.close());

  describe('real audio and video are accepted, stored as uploaded, and named by what their tracks are', () => {
    it.each([
      ['video.mp4', 'video/mp4', 'video', 'mp4'],
      ['video.webm', 'video/webm', 'video', 'webm'],
      ['audio.ogg', 'audio/ogg', 'audio', 'ogg'],
      ['audio.mp3', 'audio/mpeg', 'audio', 'mp3'],
      ['audio.wav', 'audio/wav', 'audio', 'wav'],
      ['audio.m4a', 'audio/mp4', 'audio', 'm4a'],
      ['audio-only.mp4', 'audio/mp4', 'audio', 'm4a'],
      ['audio-only.webm', 'audio/webm', 'audio', 'weba'],
    ])('%s → %s', async (name, mime, kind, ext) => {
      const bytes = fixture(name);
      const res = await post(user, bytes, name).expect(201);
      // Named by the SHA-256 of the stored bytes (audio and video are stored as uploaded).
      expect(res.body.media_url).toBe(`/uploads/${createHash('sha256').update(bytes).digest('hex')}.${ext}`);
      expect(res.body.media_mime).toBe(mime);
      expect(await mediaRow(res.body.media_url)).toEqual({ mime, kind, bytes: bytes.length });
      const served = await download(res.body.media_url);
      expect(served.headers['content-type']).toMatch(new RegExp(`^${mime}`));
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    });

    it('judges by the bytes, not the claim: an MP3 named clip.mp4 and declared video/mp4 is stored as audio/mpeg', async () => {
      const res = await post(user, fixture('audio.mp3'), 'clip.mp4', 'video/mp4').expect(201);
      expect(res.body.media_mime).toBe('audio/mpeg');
      expect(res.body.media_url).toMatch(/\.mp3$/);
    });

    it('a notice (staff) takes a video the same way', async () => {
      const staff = await signUp(t, { groupId: 3 });
      const res = await staff.agent.post('/api/notifications/posts').field('message', 'watch this').attach('file', VIDEO_MP4, { filename: 'v.mp4', contentType: 'video/mp4' }).expect(201);
      expect(res.body.notice).toEqual(expect.objectContaining({ media_url: expect.stringMatching(/\.mp4$/), media_mime: 'video/mp4' }));
    });

    it('several uploads at once are all read (MediaInfo serves them in turn)', async () => {
      const names = ['video.mp4', 'video.webm', 'audio.ogg', 'audio.mp3', 'audio.wav', 'audio.m4a'];
      const answers = await Promise.all(names.map((n) => post(user, fixture(n), n)));
      expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
      expect(answers.map((a) => a.body.media_mime)).toEqual(['video/mp4', 'video/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4']);
    });
  });

  describe('a file whose container is not whole, not what its bytes say, or empty is a 415 and leaves nothing behind', () => {
    const withBrand = (bytes: Buffer, brand: string) => {
      const copy = Buffer.from(bytes);
      copy.write(brand, 8, 'latin1');
      return copy;
    };
    const cases: [string, () => Buffer][] = [
      ['an ftyp box then junk (magic bytes only)', () => Buffer.concat([VIDEO_MP4.subarray(0, 32), Buffer.alloc(4000, 0x5a)])],
      ['an MP4 header glued to HTML', () => Buffer.concat([VIDEO_MP4.subarray(0, 32), HTML, HTML])],
      ['a whole MP4 with HTML appended', () => Buffer.concat([VIDEO_MP4, HTML])],
      ['a truncated MP4', () => VIDEO_MP4.subarray(0, Math.floor(VIDEO_MP4.length * 0.6))],
      ['a truncated WebM', () => fixture('video.webm').subarray(0, 4000)],
      ['a truncated Ogg', () => fixture('audio.ogg').subarray(0, 1200)],
      // MP3 is a bare stream of 72-byte frames here: a cut between two frames is just a shorter MP3.
      ['an MP3 cut inside a frame', () => fixture('audio.mp3').subarray(0, 2100)],
      ['a truncated M4A', () => fixture('audio.m4a').subarray(0, 1500)],
      ['a WebM (EBML) header then junk', () => Buffer.concat([fixture('video.webm').subarray(0, 40), Buffer.alloc(2000, 0x5a)])],
      ['an ID3 tag then HTML', () => Buffer.concat([fixture('audio.mp3').subarray(0, 10), HTML])],
      ['a WAV header then HTML', () => Buffer.concat([fixture('audio.wav').subarray(0, 12), HTML])],
      ['an audio brand (M4A) carrying a video track', () => withBrand(VIDEO_MP4, 'M4A ')],
      ['a WAV of zero duration', () => fixture('empty.wav')],
      ['an MP4 with no frame at all', () => fixture('zero-frames.mp4')],
    ];

    it.each(cases)('%s', async (_name, make) => {
      const filesBefore = await filesUnder(uploadDir());
      const media = await countRows(t, 'media');
      const posts = await countRows(t, 'posts', 'user_id = $1', [user.user.id]);
      const res = await post(user, make(), 'clip.mp4', 'video/mp4').expect(415);
      expect(res.body).toEqual({ success: false, statusCode: 415, error: MESSAGES.http.unreadableMedia });
      expect(await filesUnder(uploadDir())).toEqual(filesBefore); // .incoming included
      expect(await countRows(t, 'media')).toBe(media);
      expect(await countRows(t, 'posts', 'user_id = $1', [user.user.id])).toBe(posts);
    });

    it('a notice with a truncated video is refused the same way, writing no notice', async () => {
      const staff = await signUp(t, { groupId: 3 });
      const filesBefore = await filesUnder(uploadDir());
      const notices = await countRows(t, 'system_notices');
      const res = await staff.agent.post('/api/notifications/posts').field('message', 'broken').attach('file', VIDEO_MP4.subarray(0, 3000), 'v.mp4').expect(415);
      expect(res.body.error).toBe(MESSAGES.http.unreadableMedia);
      expect(await countRows(t, 'system_notices')).toBe(notices);
      expect(await filesUnder(uploadDir())).toEqual(filesBefore);
    });
  });

  describe('an animated GIF keeps its frames and nothing else', () => {
    it('HTML after the trailer, a comment and an XMP block do not survive; every frame, delay and the loop do', async () => {
      const loaded = Buffer.concat([
        insertIntoGif(insertIntoGif(GIF, gifExtension(0xfe, 'shot at 51.5074N 0.1278W')), gifExtension(0xff, 'XMP DataXMP', '<x:xmpmeta>GPSLatitude 51,30N</x:xmpmeta>')),
        HTML,
      ]);
      const res = await post(user, loaded, 'party.gif').expect(201);
      expect(res.body.media_url).toMatch(/\.gif$/);
      expect(res.body.media_mime).toBe('image/gif');
      const served = await download(res.body.media_url);
      expect(served.headers['content-type']).toMatch(/^image\/gif/);
      const stored = served.body as Buffer;
      for (const secret of ['<script', '51.5074N', 'GPSLatitude', 'XMP']) expect(stored.includes(Buffer.from(secret))).toBe(false);
      expect(stored[stored.length - 1]).toBe(0x3b);
      expect(stored.length).toBeLessThan(loaded.length);
      expect(await framesOf(stored)).toEqual(await framesOf(GIF));
      expect((await framesOf(stored)).pages).toBe(4);
      expect((await mediaRow(res.body.media_url)).bytes).toBe(stored.length);
    });

    it('a profile picture GIF is cut the same way', async () => {
      const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', Buffer.concat([GIF, HTML]), 'me.gif').expect(200);
      const stored = (await download(res.body.thumbnail)).body as Buffer;
      expect(stored.includes(Buffer.from('<script'))).toBe(false);
      expect(await framesOf(stored)).toEqual(await framesOf(GIF));
    });

    it.each([
      ['truncated in a frame', () => GIF.subarray(0, Math.floor(GIF.length * 0.7))],
      ['missing only its trailer', () => GIF.subarray(0, GIF.length - 1)],
      ['with HTML where a block should start', () => insertIntoGif(GIF, HTML)],
    ])('a GIF %s is a 415 and leaves nothing behind', async (_name, make) => {
      const filesBefore = await filesUnder(uploadDir());
      const media = await countRows(t, 'media');
      const res = await post(user, make(), 'party.gif', 'image/gif').expect(415);
      expect(res.body).toEqual({ success: false, statusCode: 415, error: MESSAGES.http.unreadableMedia });
      expect(await filesUnder(uploadDir())).toEqual(filesBefore);
      expect(await countRows(t, 'media')).toBe(media);
    });
  });

  it('never leaked a secret in any response', () => {
    expect(t.inspected()).toBeGreaterThan(20);
    expect(t.leaks).toEqual([]);
  });
});
