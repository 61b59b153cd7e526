import fc from 'fast-check';
import { displayUrl, extractMentions, extractTags, normalizeTag, parseRichText, RICH_TEXT_RULES } from './rich-text';

const kinds = (text: string) => parseRichText(text).map((s) => [s.kind, s.text]);

describe('parseRichText', () => {
  it('gives plain text back as one segment, and nothing for empty text', () => {
    expect(parseRichText('just words')).toEqual([{ kind: 'text', text: 'just words' }]);
    expect(parseRichText('')).toEqual([]);
  });

  it('finds a link, a mention and a tag in one post, keeping the text between them', () => {
    expect(parseRichText('Hi @bob see https://example.com/a #News!')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@bob', username: 'bob' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ' ' },
      { kind: 'tag', text: '#News', tag: 'news' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('links only http and https', () => {
    expect(kinds('javascript:alert(1) ftp://x.org data:text/html,hi')).toEqual([['text', 'javascript:alert(1) ftp://x.org data:text/html,hi']]);
    expect(parseRichText('http://a.io')[0]).toEqual({ kind: 'link', text: 'a.io', href: 'http://a.io' });
    expect(parseRichText('HTTPS://A.io')[0]).toMatchObject({ kind: 'link', href: 'HTTPS://A.io' });
  });

  it('does not link a scheme without a host', () => {
    expect(kinds('https:// nothing')).toEqual([['text', 'https:// nothing']]);
  });

  it('leaves sentence punctuation after a link outside it', () => {
    for (const end of ['.', ',', '!', '?', ':', ';', '…', '"', "'"]) {
      const segments = parseRichText(`go to https://example.com/x${end}`);
      expect(segments[1]).toMatchObject({ kind: 'link', href: 'https://example.com/x' });
      expect(segments[2]).toEqual({ kind: 'text', text: end });
    }
  });

  it('keeps a closing bracket the link opened, and drops one it did not', () => {
    expect(parseRichText('https://en.wikipedia.org/wiki/Cloud_(disambiguation)')[0]).toMatchObject({
      href: 'https://en.wikipedia.org/wiki/Cloud_(disambiguation)',
    });
    expect(kinds('(see https://example.com/a)')).toEqual([
      ['text', '(see '],
      ['link', 'example.com/a'],
      ['text', ')'],
    ]);
  });

  it('keeps # and @ inside a link as part of it', () => {
    expect(parseRichText('https://example.com/page#section')).toEqual([
      { kind: 'link', text: 'example.com/page#section', href: 'https://example.com/page#section' },
    ]);
    expect(parseRichText('https://medium.com/@bob/post')).toEqual([
      { kind: 'link', text: 'medium.com/@bob/post', href: 'https://medium.com/@bob/post' },
    ]);
  });

  it('shortens long links for display only', () => {
    const href = 'https://www.example.com/a/very/long/path/that/goes/on/and/on';
    const [link] = parseRichText(href);
    expect(link).toEqual({ kind: 'link', href, text: displayUrl(href) });
    expect(Array.from(displayUrl(href))).toHaveLength(RICH_TEXT_RULES.linkDisplayMax);
    expect(displayUrl(href).endsWith('…')).toBe(true);
    expect(displayUrl('https://www.short.io/x')).toBe('short.io/x');
  });

  it('does not read an email address as a mention', () => {
    expect(kinds('mail bob@example.com now')).toEqual([['text', 'mail bob@example.com now']]);
    expect(extractMentions('write to alice@cloud9.social')).toEqual([]);
  });

  it('does not read a fediverse handle or a too-long name as a mention', () => {
    expect(extractMentions('@bob@mastodon.social')).toEqual([]);
    expect(extractMentions('@' + 'a'.repeat(31))).toEqual([]);
    expect(extractMentions('@ab')).toEqual([]);
    expect(extractMentions('@' + 'a'.repeat(30))).toEqual(['a'.repeat(30)]);
  });

  it('ends a mention at punctuation and takes it at the start of text or after brackets', () => {
    expect(extractMentions('@amy, (@bob) "@cat". @dan! @eve_1?')).toEqual(['amy', 'bob', 'cat', 'dan', 'eve_1']);
  });

  it('does not take a mention that runs into letters outside the username alphabet', () => {
    expect(extractMentions('@bobé')).toEqual([]);
  });

  it('reads unicode hashtags and lower-cases them', () => {
    expect(extractTags('#Café #東京 #ÜBER #straße')).toEqual(['café', '東京', 'über', 'straße']);
  });

  it('normalizes composed and decomposed accents to one tag', () => {
    expect(extractTags('#cafe\u0301 #caf\u00e9')).toEqual(['caf\u00e9']);
  });

  it('ends a tag at punctuation and ignores a # inside a word, an entity or a number', () => {
    expect(kinds('#news.')).toEqual([
      ['tag', '#news'],
      ['text', '.'],
    ]);
    expect(extractTags('C# &#39; #1 #2024 ##double')).toEqual([]);
    expect(extractTags('#2024goals #_x')).toEqual(['2024goals', '_x']);
  });

  it('keeps a tag longer than the limit as plain text', () => {
    expect(extractTags('#' + 'a'.repeat(RICH_TEXT_RULES.tagMax))).toEqual(['a'.repeat(RICH_TEXT_RULES.tagMax)]);
    expect(extractTags('#' + 'a'.repeat(RICH_TEXT_RULES.tagMax + 1))).toEqual([]);
  });

  it('keeps emoji next to tokens intact', () => {
    expect(kinds('🎉#party🎉 @bob🙂')).toEqual([
      ['text', '🎉'],
      ['tag', '#party'],
      ['text', '🎉 '],
      ['mention', '@bob'],
      ['text', '🙂'],
    ]);
  });

  it('joins back to the input, links by their address', () => {
    const text = 'a @bob b #tag c https://x.io/d e';
    expect(parseRichText(text).map((s) => (s.kind === 'link' ? s.href : s.text)).join('')).toBe(text);
  });
});

describe('parseRichText on any text', () => {
  const pieces = fc.constantFrom('@bob', '#Tag', 'https://x.io/a#b', 'bob@x.io', ' ', '.', '(', ')', 'é', '😀', '&#39;', 'C#', 'www.', '@');
  const text = fc.oneof(fc.string(), fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 }))).map((parts) => parts.join('')));

  it('always joins back to the input and only ever links http(s) addresses', () => {
    fc.assert(
      fc.property(text, (input) => {
        const segments = parseRichText(input);
        expect(segments.map((s) => (s.kind === 'link' ? s.href : s.text)).join('')).toBe(input);
        for (const s of segments) if (s.kind === 'link') expect(s.href).toMatch(/^https?:\/\/[^\s]/i);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('extractMentions / extractTags', () => {
  it('lists each once, first appearance first, mentions compared case-insensitively', () => {
    expect(extractMentions('@Bob @amy @bob @AMY')).toEqual(['Bob', 'amy']);
    expect(extractTags('#b #A #a #B')).toEqual(['b', 'a']);
  });
});

describe('normalizeTag', () => {
  it('accepts a tag with or without #, and rejects what is not one', () => {
    expect(normalizeTag('#News')).toBe('news');
    expect(normalizeTag('News')).toBe('news');
    expect(normalizeTag('12')).toBeNull();
    expect(normalizeTag('a b')).toBeNull();
    expect(normalizeTag('')).toBeNull();
  });
});

describe('link hosts', () => {
  it('links host names, IP literals, ports and user info, and not empty or broken hosts', () => {
    for (const href of ['https://a.b.example/x?y=1', 'http://127.0.0.1:8080/', 'http://[::1]:3000/a', 'https://user@host.io/', 'https://bücher.de']) {
      expect(parseRichText(href)).toEqual([{ kind: 'link', text: displayUrl(href), href }]);
    }
    for (const text of ['https://:80/x', 'https://a..b/', 'http://?q', 'https://#x']) {
      expect(parseRichText(text).some((s) => s.kind === 'link')).toBe(false);
    }
  });
});
