import { fireEvent, render, screen } from '@testing-library/react';
import type { MediaInfo } from '@cloud9/contracts';
import { Avatar } from '../ui/Avatar';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { PostMedia } from './PostMedia';
import { makePost } from '../../test/posts';

const PREVIEW = 'data:image/webp;base64,UklGRhYAAABXRUJQVlA4';
const KEY = `/uploads/${'a'.repeat(64)}.jpg`;
const media: MediaInfo = {
  width: 2048,
  height: 1229,
  placeholder: PREVIEW,
  variants: [320, 640, 1280].map((w) => ({ url: `${KEY}.w${w}.webp`, width: w, height: Math.round((w * 1229) / 2048) })),
};
const withImage = (m?: MediaInfo) => makePost({ media_url: KEY, media_mime: 'image/jpeg', content: 'sunset', ...(m && { media: m }) });

describe('uploaded images are sized for the screen', () => {
  it('a post image offers its variants and the original in srcset, with sizes for the feed column', () => {
    render(<PostMedia post={withImage(media)} />);
    const img = screen.getByRole('img', { name: 'sunset' });
    expect(img.getAttribute('srcset')?.split(', ')).toEqual([
      expect.stringMatching(new RegExp(`${KEY}\\.w320\\.webp 320w$`)),
      expect.stringMatching(new RegExp(`${KEY}\\.w640\\.webp 640w$`)),
      expect.stringMatching(new RegExp(`${KEY}\\.w1280\\.webp 1280w$`)),
      expect.stringMatching(new RegExp(`${KEY} 2048w$`)),
    ]);
    expect(img.getAttribute('sizes')).toBe('(max-width: 700px) 100vw, 640px');
    expect(img.getAttribute('src')).toMatch(new RegExp(`${KEY}$`));
  });

  it('reserves the box before loading (width, height, aspect-ratio) and shows the preview until the image has loaded', () => {
    render(<PostMedia post={withImage(media)} />);
    const img = screen.getByRole('img', { name: 'sunset' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['2048', '1229']);
    expect(img.style.aspectRatio).toBe('2048 / 1229');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.style.backgroundImage).toContain(PREVIEW);
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('');
    expect(img.style.aspectRatio).toBe('2048 / 1229');
  });

  it('before the variants exist the original alone is shown, still in its reserved box', () => {
    render(<PostMedia post={withImage({ ...media, variants: [] })} />);
    const img = screen.getByRole('img', { name: 'sunset' });
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('width')).toBe('2048');
  });

  it('an upload stored before sizes were recorded renders as before: no srcset, no reserved size', () => {
    render(<PostMedia post={withImage()} />);
    const img = screen.getByRole('img', { name: 'sunset' });
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('width')).toBe(false);
    expect(img.style.aspectRatio).toBe('');
  });

  it('an image no wider than its widest variant is not listed twice', () => {
    render(<ResponsiveImage src="/x.png" media={{ width: 500, height: 250, placeholder: null, variants: [{ url: '/x.png.w320.webp', width: 320, height: 160 }] }} sizes="100vw" alt="x" eager />);
    const img = screen.getByRole('img', { name: 'x' });
    expect(img.getAttribute('srcset')?.split(', ').map((e) => e.split(' ')[1])).toEqual(['320w', '500w']);
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('an avatar picks among its small variants for its displayed size', () => {
    const avatar: MediaInfo = { width: 800, height: 800, placeholder: PREVIEW, variants: [96, 192].map((w) => ({ url: `/uploads/me.png.w${w}.webp`, width: w, height: w })) };
    render(<Avatar path="/uploads/me.png" media={avatar} size={46} alt="me" />);
    const img = screen.getByRole('img', { name: 'me' });
    expect(img.getAttribute('srcset')?.split(', ').map((e) => e.split(' ')[1])).toEqual(['96w', '192w', '800w']);
    expect(img.getAttribute('sizes')).toBe('46px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['46', '46']);
    expect(img.style.backgroundImage).toContain(PREVIEW);
  });
});

describe('uploaded videos show their poster frame in a reserved box', () => {
  const CLIP = `/uploads/${'c'.repeat(64)}.webm`;
  const POSTER = `/uploads/${'d'.repeat(64)}.webp`;
  const withVideo = (m?: MediaInfo) => makePost({ media_url: CLIP, media_mime: 'video/webm', content: 'my clip', ...(m && { media: m }) });

  it('a video with a poster shows it before playing, in the box of the video\'s recorded size', () => {
    const { container } = render(<PostMedia post={withVideo({ width: 1080, height: 1920, placeholder: null, variants: [], poster: { url: POSTER, width: 720, height: 1280 } })} />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('poster')).toMatch(new RegExp(`${POSTER}$`));
    expect([video.getAttribute('width'), video.getAttribute('height')]).toEqual(['1080', '1920']);
    expect(video.style.aspectRatio).toBe('1080 / 1920');
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('a video whose size the container did not give takes its box from the poster', () => {
    const { container } = render(<PostMedia post={withVideo({ width: null, height: null, placeholder: null, variants: [], poster: { url: POSTER, width: 640, height: 360 } })} />);
    expect(container.querySelector('video')!.style.aspectRatio).toBe('640 / 360');
  });

  it('a video stored without size or poster renders as before', () => {
    const { container } = render(<PostMedia post={withVideo()} />);
    const video = container.querySelector('video')!;
    expect(video.hasAttribute('poster')).toBe(false);
    expect(video.hasAttribute('width')).toBe(false);
    expect(video.style.aspectRatio).toBe('');
  });
});
