import { act, fireEvent, render, screen } from '@testing-library/react';
import type { MediaInfo } from '@cloud9/contracts';
import { NoticeMedia } from './NoticeMedia';

const KEY = `/uploads/${'b'.repeat(64)}.png`;
const media: MediaInfo = {
  width: 2048,
  height: 1229,
  placeholder: 'data:image/webp;base64,UklGRhYAAABXRUJQVlA4',
  variants: [320, 640, 1280].map((w) => ({ url: `${KEY}.w${w}.webp`, width: w, height: Math.round((w * 1229) / 2048) })),
};

describe('NoticeMedia', () => {
  it('a notice image uses the same variants and reserved box', () => {
    render(<NoticeMedia url={KEY} mime="image/jpeg" media={media} alt="Notice media" />);
    const img = screen.getByRole('img', { name: 'Notice media' });
    expect(img.getAttribute('srcset')).toContain('.w640.webp 640w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 700px) 100vw, 640px');
    expect(img.style.aspectRatio).toBe('2048 / 1229');
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('');
  });


  it('a notice video shows its poster frame in the box of its recorded size', () => {
    const poster = `/uploads/${'e'.repeat(64)}.webp`;
    const { container } = render(
      <NoticeMedia url="/uploads/clip.mp4" mime="video/mp4" media={{ width: 640, height: 360, placeholder: null, variants: [], poster: { url: poster, width: 640, height: 360 } }} alt="clip" />,
    );
    const video = container.querySelector('video')!;
    expect(video.getAttribute('poster')).toMatch(new RegExp(`${poster}$`));
    expect([video.getAttribute('width'), video.getAttribute('height'), video.style.aspectRatio]).toEqual(['640', '360', '640 / 360']);
  });

  it('a video stays a video (no image variants)', () => {
    const { container } = render(<NoticeMedia url="/uploads/clip.mp4" mime="video/mp4" alt="clip" />);
    expect(container.querySelector('video')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it("plays a notice's video in the app's video player (volume 0.7, controls hidden 4 s into playing)", () => {
    vi.useFakeTimers();
    try {
      render(<NoticeMedia url="/uploads/n.mp4" mime="video/mp4" alt="clouds" />);
      const video = screen.getByLabelText('Video: clouds') as HTMLVideoElement;
      expect(video.volume).toBeCloseTo(0.7);
      fireEvent.play(video);
      void act(() => {
        vi.advanceTimersByTime(4000);
      });
      expect(video.hasAttribute('controls')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
