import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContainerProbe, ProbeTimeoutError } from '../../src/modules/media/container-probe';
import { containerReport } from '../../src/modules/media/container-rules';

const fixture = (name: string) => path.join(__dirname, '../fixtures/media', name);

/**
 * The MediaInfo probe's time limit on a file. Timed: a small file must be read well within the limit that
 * cuts off a hostile one, which holds on a machine to itself, not while npm test's other lanes hold both
 * cores (over 1,000 ms was seen there for a file that takes a few milliseconds). The probe's other rules
 * are container-probe.spec.ts's.
 */
describe('ContainerProbe: the time limit on a file', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(tmpdir(), 'probe-timed-'));
  });
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  it('a file that keeps MediaInfo busy past the time limit rejects with ProbeTimeoutError; the worker is replaced and the next file is read', async () => {
    // An MPEG frame sync followed by 10 GB of zeros (sparse: no disk used): MediaInfo hunts for the
    // next frame through the first 16 MB, about 1.8 s on an idle machine. A small file takes a few
    // milliseconds once MediaInfo is loaded, so a 1,000 ms limit cuts off the first and not the second,
    // which a fresh worker reads (its start is not counted against the file).
    const endless = path.join(scratch, 'endless.mp3');
    const handle = await fs.open(endless, 'w');
    await handle.write(Buffer.from([0xff, 0xfb, 0x90, 0x00]), 0, 4, 0);
    await handle.truncate(10 * 1024 ** 3);
    await handle.close();

    const limited = new ContainerProbe({ timeoutMs: 1000, workers: 1 });
    try {
      // Its worker started (MediaInfo's start is not a file's time), so the clock below is the file's.
      expect(containerReport(await limited.probe(fixture('video.mp4'))).videoTracks).toBe(1);
      const started = Date.now();
      await expect(limited.probe(endless)).rejects.toBeInstanceOf(ProbeTimeoutError);
      expect(Date.now() - started).toBeLessThan(1000 + 1500);
      expect(containerReport(await limited.probe(fixture('video.mp4'))).videoTracks).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
