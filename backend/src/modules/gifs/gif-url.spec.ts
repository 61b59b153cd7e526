import { isAllowedGifUrl } from './gif-url';

const hosts = ['media.giphy.com', 'i.giphy.com', '127.0.0.1:4555'];

describe('isAllowedGifUrl', () => {
  it.each([
    'https://media.giphy.com/media/abc/200.gif',
    'http://i.giphy.com/xyz.gif',
    'https://MEDIA.GIPHY.COM/media/abc/200.gif',
    'http://127.0.0.1:4555/media/abc/200.gif',
  ])('accepts %s', (url) => expect(isAllowedGifUrl(url, hosts)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'data:image/gif;base64,R0lGOD',
    'https://evil.example/media.giphy.com.gif',
    'https://media.giphy.com.evil.example/a.gif',
    'https://user:pw@media.giphy.com/a.gif',
    'http://127.0.0.1:9999/a.gif',
    'ftp://media.giphy.com/a.gif',
    'not a url',
    42,
    null,
  ])('refuses %s', (url) => expect(isAllowedGifUrl(url, hosts)).toBe(false));
});
