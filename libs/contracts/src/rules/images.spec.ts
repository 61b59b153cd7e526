import { isVideoUrl, resolveImageUrl } from './images';

describe('resolveImageUrl', () => {
  it('uses http(s) paths as they are', () => {
    expect(resolveImageUrl('https://cdn.x/a.png', 'http://api', '/d.svg')).toBe('https://cdn.x/a.png');
  });
  it('prefixes other paths with the backend base', () => {
    expect(resolveImageUrl('/uploads/a.png', 'http://api/', '/d.svg')).toBe('http://api/uploads/a.png');
    expect(resolveImageUrl('uploads/a.png', '', '/d.svg')).toBe('/uploads/a.png');
  });
  it('falls back to the default image', () => expect(resolveImageUrl(null, 'http://api', '/d.svg')).toBe('/d.svg'));
  it('treats .mp4 as video', () => {
    expect(isVideoUrl('/uploads/x.mp4')).toBe(true);
    expect(isVideoUrl('/uploads/x.png')).toBe(false);
  });
});
