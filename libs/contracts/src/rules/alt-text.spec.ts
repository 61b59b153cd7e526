import { ALT_TEXT } from '../limits';
import { altTextLength, isAltTextTooLong, normalizeAltText, takesAltText } from './alt-text';

describe('normalizeAltText', () => {
  it('trims, and treats empty or blank as no description', () => {
    expect(normalizeAltText('  a cat  ')).toBe('a cat');
    expect(normalizeAltText('   ')).toBeNull();
    expect(normalizeAltText('')).toBeNull();
    expect(normalizeAltText(null)).toBeNull();
    expect(normalizeAltText(undefined)).toBeNull();
  });

  it('turns line breaks and tabs into spaces and removes other control characters', () => {
    expect(normalizeAltText('a\ncat\ton\r\na mat')).toBe('a cat on  a mat');
    expect(normalizeAltText('a\u0000b\u0007c\u007fd\u009be')).toBe('abcde');
    expect(normalizeAltText('\u0001\u0002')).toBeNull();
  });

  it('keeps emoji and other scripts as they are', () => {
    expect(normalizeAltText('☁️ 雲 🌈')).toBe('☁️ 雲 🌈');
  });
});

describe('the length limit', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(altTextLength('😀'.repeat(ALT_TEXT.maxLength))).toBe(ALT_TEXT.maxLength);
    expect(isAltTextTooLong('😀'.repeat(ALT_TEXT.maxLength))).toBe(false);
    expect(isAltTextTooLong('😀'.repeat(ALT_TEXT.maxLength + 1))).toBe(true);
  });

  it('counts the normalised text (spaces at the ends do not count)', () => {
    expect(isAltTextTooLong(`  ${'a'.repeat(ALT_TEXT.maxLength)}  `)).toBe(false);
  });
});

describe('takesAltText', () => {
  it('is true for images (an uploaded GIF too) and videos, false for audio and nothing', () => {
    expect(takesAltText('image/jpeg')).toBe(true);
    expect(takesAltText('image/gif')).toBe(true);
    expect(takesAltText('video/mp4')).toBe(true);
    expect(takesAltText('audio/mpeg')).toBe(false);
    expect(takesAltText(null)).toBe(false);
  });
});
