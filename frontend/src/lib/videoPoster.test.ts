import { VIDEO_POSTER } from '@cloud9/contracts';
import { captureVideoPoster, LATEST_AT_SECONDS, posterSize, posterTime } from './videoPoster';

const clip = (type = 'video/webm', name = 'clip.webm') => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], name, { type });

describe('where and how big the poster frame is taken', () => {
  it('a tenth of the way in, never later than the cap, and the first frame when the duration is unknown', () => {
    expect(posterTime(4)).toBeCloseTo(0.4);
    expect(posterTime(600)).toBe(LATEST_AT_SECONDS);
    expect([posterTime(Infinity), posterTime(NaN), posterTime(0)]).toEqual([0, 0, 0]);
  });

  it('the video\'s own size scaled down to fit the longest side, never up', () => {
    expect(posterSize(3840, 2160)).toEqual({ width: VIDEO_POSTER.maxSide, height: 720 });
    expect(posterSize(1080, 1920)).toEqual({ width: 720, height: VIDEO_POSTER.maxSide });
    expect(posterSize(64, 48)).toEqual({ width: 64, height: 48 });
    expect([posterSize(0, 0), posterSize(NaN, 10)]).toEqual([null, null]);
  });
});

describe('capture failure never blocks posting', () => {
  let createObjectURL: typeof URL.createObjectURL;
  let revokeObjectURL: typeof URL.revokeObjectURL;
  const revoked: string[] = [];
  beforeEach(() => {
    createObjectURL = URL.createObjectURL;
    revokeObjectURL = URL.revokeObjectURL;
    URL.createObjectURL = () => 'blob:clip';
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    revoked.length = 0;
  });
  /** This browser claims it may play the clip (jsdom itself claims to play nothing). */
  const playable = () => vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/webm' || type === 'video/mp4' ? 'maybe' : ''));
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });

  it('is null for a file that is not a video, without touching it', async () => {
    expect(await captureVideoPoster(new File(['x'], 'photo.png', { type: 'image/png' }))).toBeNull();
    expect(revoked).toEqual([]);
  });

  it('is null at once when the browser says it cannot play the type, without opening the file', async () => {
    playable();
    expect(await captureVideoPoster(clip('video/x-matroska', 'clip.mkv'), 5000)).toBeNull();
    expect(revoked).toEqual([]);
  });

  it('asks about a QuickTime file as MP4 (browsers that decline the type play the H.264 inside)', async () => {
    const asked = playable();
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    expect(await captureVideoPoster(clip('video/quicktime', 'phone.mov'), 30)).toBeNull(); // jsdom never loads it: timed out
    expect(asked).toHaveBeenCalledWith('video/mp4');
    expect(revoked).toEqual(['blob:clip']); // it was opened
  });

  it('is null when the browser cannot decode the video (its element reports an error), and lets the file go', async () => {
    playable();
    const unload = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const created = vi.spyOn(document, 'createElement');
    const pending = captureVideoPoster(clip(), 5000);
    const video = created.mock.results.map((r) => r.value as HTMLElement).find((el) => el instanceof HTMLVideoElement)!;
    video.dispatchEvent(new Event('error'));
    expect(await pending).toBeNull();
    expect(revoked).toEqual(['blob:clip']);
    expect(unload).toHaveBeenCalled(); // the decoder is let go
  });

  it('is null when the video never loads within the time allowed', async () => {
    playable();
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    expect(await captureVideoPoster(clip(), 30)).toBeNull();
    expect(revoked).toEqual(['blob:clip']);
  });

  it('is null when the frame has no picture (an audio-only file named as video)', async () => {
    playable();
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const created = vi.spyOn(document, 'createElement');
    const pending = captureVideoPoster(clip(), 5000);
    const video = created.mock.results.map((r) => r.value as HTMLElement).find((el) => el instanceof HTMLVideoElement)! as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { value: Infinity });
    Object.defineProperty(video, 'readyState', { value: HTMLMediaElement.HAVE_ENOUGH_DATA });
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(await pending).toBeNull(); // videoWidth and videoHeight are 0
  });

  /** A loaded 64×48 video whose frame reaches the canvas on the `drawnOnCall`-th draw (never when 0). */
  function decoderLateBy(drawnOnCall: number) {
    playable();
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    let draws = 0;
    const context = {
      drawImage: vi.fn(() => void (draws += 1)),
      getImageData: () => ({ data: new Uint8ClampedArray([0, 0, 0, drawnOnCall > 0 && draws >= drawnOnCall ? 255 : 0]) }),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['frame'], { type: 'image/webp' })));
    const created = vi.spyOn(document, 'createElement');
    return {
      context,
      open(timeoutMs: number) {
        const pending = captureVideoPoster(clip(), timeoutMs);
        const video = created.mock.results.map((r) => r.value as HTMLElement).find((el) => el instanceof HTMLVideoElement)! as HTMLVideoElement;
        for (const [key, value] of Object.entries({ duration: Infinity, readyState: HTMLMediaElement.HAVE_ENOUGH_DATA, videoWidth: 64, videoHeight: 48 })) {
          Object.defineProperty(video, key, { value });
        }
        video.dispatchEvent(new Event('loadedmetadata'));
        return pending;
      },
    };
  }

  it('draws again until the decoder has handed the frame over (a busy phone\'s first draw is empty)', async () => {
    const video = decoderLateBy(3);
    const poster = await video.open(5000);
    expect(poster).toBeInstanceOf(File);
    expect([poster!.name, poster!.type]).toEqual(['poster.webp', 'image/webp']);
    expect(video.context.drawImage).toHaveBeenCalledTimes(3);
  });

  it('is null when no frame is ever drawn within the time allowed, and stops drawing then', async () => {
    const video = decoderLateBy(0);
    expect(await video.open(200)).toBeNull();
    const draws = video.context.drawImage.mock.calls.length;
    expect(draws).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(video.context.drawImage).toHaveBeenCalledTimes(draws);
  });
});
