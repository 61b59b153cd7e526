import { cleanPostText, clampToLimit, textLength, truncateForDisplay } from './truncate';

describe('truncateForDisplay', () => {
  it('leaves text at or under the limit alone', () => {
    expect(truncateForDisplay('a'.repeat(300))).toEqual({ text: 'a'.repeat(300), truncated: false });
  });
  it('cuts feed text at 300 characters by default and marks it', () => {
    const out = truncateForDisplay('b'.repeat(301));
    expect(out.truncated).toBe(true);
    expect(out.text).toBe('b'.repeat(300) + '…');
  });
  it('honours a custom limit such as the public profile 200', () => {
    expect(truncateForDisplay('c'.repeat(250), 200).text).toBe('c'.repeat(200) + '…');
  });
  it('never splits an emoji', () => {
    const out = truncateForDisplay('😀😀😀', 2);
    expect(out.text).toBe('😀😀…');
  });
  it('treats null-ish text as empty', () => {
    expect(truncateForDisplay(undefined as unknown as string)).toEqual({ text: '', truncated: false });
  });
});

describe('clampToLimit', () => {
  it('cuts to the plan limit in code points', () => {
    expect(clampToLimit('x'.repeat(310), 300)).toHaveLength(300);
    expect(textLength(clampToLimit('🙂'.repeat(5), 3))).toBe(3);
  });
  it('keeps shorter text unchanged', () => {
    expect(clampToLimit('hello', 300)).toBe('hello');
  });
});

describe('cleanPostText', () => {
  it('drops invisible controls, keeps tabs and line breaks, trims and cuts', () => {
    expect(cleanPostText('\u007f', 300)).toBe('');
    expect(cleanPostText(' a\u0001b\u009f\tc\r\nd\re ', 300)).toBe('ab\tc\nd\ne');
    expect(cleanPostText('😀😀😀', 2)).toBe('😀😀');
    expect(cleanPostText(undefined, 10)).toBe('');
  });
});
