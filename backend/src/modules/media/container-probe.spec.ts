import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContainerProbe, ProbeFailedError } from './container-probe';
import { containerReport, judgeContainer } from './container-rules';
import { SNIFF_BYTES, sniffFile } from './file-signature';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/media');
const fixture = (name: string) => path.join(FIXTURES, name);

describe('ContainerProbe (MediaInfo in worker threads) on real files', () => {
  // Tests here start MediaInfo workers (WebAssembly) of their own, which takes seconds while npm test's
  // other lanes hold both cores. The probe's time limit is container-probe.timed.int-spec.ts's.
  jest.setTimeout(30_000);
  let probe: ContainerProbe;
  let scratch: string;

  beforeAll(async () => {
    probe = new ContainerProbe();
    scratch = await fs.mkdtemp(path.join(tmpdir(), 'probe-'));
  });
  afterAll(async () => {
    await probe.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  /** Sniffs, probes and judges a file as MediaService does: what it is stored as, or null. */
  async function judge(file: string): Promise<string | null> {
    const signature = sniffFile((await fs.readFile(file)).subarray(0, SNIFF_BYTES));
    if (!signature) return null;
    const judged = judgeContainer(signature, containerReport(await probe.probe(file)));
    return judged && `${judged.kind} ${judged.mime}`;
  }
  const hostile = async (name: string, bytes: Buffer) => {
    const file = path.join(scratch, name);
    await fs.writeFile(file, bytes);
    return file;
  };
  const read = (name: string) => fs.readFile(fixture(name));
  const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'.repeat(8));

  it.each([
    ['video.mp4', 'video video/mp4', 'MPEG-4', 1, 1, { width: 64, height: 48 }],
    ['video.webm', 'video video/webm', 'WebM', 1, 1, { width: 64, height: 48 }],
    ['audio.ogg', 'audio audio/ogg', 'Ogg', 0, 1, null],
    ['audio.mp3', 'audio audio/mpeg', 'MPEG Audio', 0, 1, null],
    ['audio.wav', 'audio audio/wav', 'Wave', 0, 1, null],
    ['audio.m4a', 'audio audio/mp4', 'MPEG-4', 0, 1, null],
    ['audio-only.mp4', 'audio audio/mp4', 'MPEG-4', 0, 1, null],
    ['audio-only.webm', 'audio audio/webm', 'WebM', 0, 1, null],
  ])('%s is read (container, duration, tracks, display size) and stored as %s', async (name, expected, format, video, audio, display) => {
    const report = containerReport(await probe.probe(fixture(name)));
    expect(report).toEqual({ format, duration: expect.any(Number), videoTracks: video, audioTracks: audio, damaged: false, display });
    expect(report.duration).toBeGreaterThan(0.4);
    expect(await judge(fixture(name))).toBe(expected);
  });

  it.each([
    ['an ftyp box then junk (magic bytes only)', async () => Buffer.concat([(await read('video.mp4')).subarray(0, 32), Buffer.alloc(2000, 0x5a)])],
    ['an MP4 header glued to HTML', async () => Buffer.concat([(await read('video.mp4')).subarray(0, 32), HTML])],
    ['a whole MP4 with HTML appended', async () => Buffer.concat([await read('video.mp4'), HTML])],
    ['an MP4 truncated to 60 %', async () => (await read('video.mp4')).subarray(0, 3132)],
    ['an M4A truncated in its data', async () => (await read('audio.m4a')).subarray(0, 1500)],
    ['a WebM header then junk', async () => Buffer.concat([(await read('video.webm')).subarray(0, 40), Buffer.alloc(2000, 0x5a)])],
    ['a WebM truncated to 90 %', async () => (await read('video.webm')).subarray(0, 4354)],
    ['an Ogg page header then junk', async () => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2000, 0x5a)])],
    ['an Ogg truncated in its first data page', async () => (await read('audio.ogg')).subarray(0, 1200)],
    ['an ID3 tag then HTML', async () => Buffer.concat([(await read('audio.mp3')).subarray(0, 10), HTML])],
    ['an MP3 cut inside a frame', async () => (await read('audio.mp3')).subarray(0, 2124)],
    ['a WAV header then HTML', async () => Buffer.concat([(await read('audio.wav')).subarray(0, 12), HTML])],
    ['a WAV truncated in its data', async () => (await read('audio.wav')).subarray(0, 100)],
    ['a WAV of zero duration', () => read('empty.wav')],
    ['an MP4 with no frame (no track, no duration)', () => read('zero-frames.mp4')],
    ['an M4A (audio brand) that carries video', async () => {
      const video = Buffer.from(await read('video.mp4'));
      video.write('M4A ', 8, 'latin1');
      return video;
    }],
  ])('refuses %s', async (_name, make) => {
    expect(await judge(await hostile('bad', await make()))).toBeNull();
  });

  it('answers many files at once (one file per worker at a time) with the same reports as one by one', async () => {
    const names = ['video.mp4', 'audio.ogg', 'video.webm', 'audio.mp3', 'audio.wav', 'audio.m4a', 'audio-only.webm', 'audio-only.mp4'];
    const alone = await Promise.all(names.map(async (n) => containerReport(await probe.probe(fixture(n)))));
    const single = new ContainerProbe({ workers: 1 });
    try {
      const together = await Promise.all([...names, ...names].map(async (n) => containerReport(await single.probe(fixture(n)))));
      expect(together).toEqual([...alone, ...alone]);
    } finally {
      await single.close();
    }
  });

  it('a missing file rejects with ProbeFailedError, and the next file is read normally', async () => {
    await expect(probe.probe(path.join(scratch, 'missing.mp4'))).rejects.toBeInstanceOf(ProbeFailedError);
    expect(await judge(fixture('video.mp4'))).toBe('video video/mp4');
  });

  it('after close, probes reject instead of waiting', async () => {
    const closing = new ContainerProbe({ workers: 1 });
    const pending = [closing.probe(fixture('video.mp4')), closing.probe(fixture('audio.ogg'))].map((p) => expect(p).rejects.toBeInstanceOf(ProbeFailedError));
    await closing.close();
    await Promise.all(pending);
    await expect(closing.probe(fixture('video.mp4'))).rejects.toBeInstanceOf(ProbeFailedError);
  });
});
