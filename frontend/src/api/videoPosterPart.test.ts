import { VIDEO_POSTER } from '@cloud9/contracts';
import { createPost } from './posts';
import { saveNotice } from './notifications';
import { jsonResponse, stubFetch } from '../test/utils';

const clip = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], 'clip.webm', { type: 'video/webm' });

/** The poster frame is extra: a post or notice goes out without it when none can be drawn (lib/videoPoster.test.ts: the drawing). */
describe('capture failure never blocks posting', () => {
  let createObjectURL: typeof URL.createObjectURL;
  let revokeObjectURL: typeof URL.revokeObjectURL;
  beforeEach(() => {
    createObjectURL = URL.createObjectURL;
    revokeObjectURL = URL.revokeObjectURL;
    URL.createObjectURL = () => 'blob:clip';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });

  it('a post and a notice with a video still go out, without a poster part, when no frame can be drawn', async () => {
    // This browser claims it may play the clip (jsdom itself claims to play nothing), but cannot decode it.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/webm' || type === 'video/mp4' ? 'maybe' : ''));
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.dispatchEvent(new Event('error')));
    });
    const calls = stubFetch((url) => (url.includes('notifications') ? jsonResponse({ success: true, notice: { id: 1 } }, 201) : jsonResponse({ id: 7 }, 201)));
    const file = clip();
    await expect(createPost({ content: 'my clip', file })).resolves.toEqual({ id: 7 });
    await expect(saveNotice({ message: 'watch', file })).resolves.toEqual({ success: true, notice: { id: 1 } });
    for (const call of calls) {
      const form = call.init.body as FormData;
      expect(form.get('file')).toBe(file);
      expect(form.has(VIDEO_POSTER.part)).toBe(false);
    }
    expect(calls).toHaveLength(2);
  });
});
