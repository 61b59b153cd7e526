import { decodeComponent, hasForbiddenCharacter, hasForbiddenText, isUnsafeName, jsonDepthExceeds } from './text-rules';

describe('text rules', () => {
  it('forbids NUL and lone surrogates, and nothing else of ordinary text', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', 'end\ud83d']) expect(hasForbiddenCharacter(bad)).toBe(true);
    for (const fine of ['', 'hello', 'émoji 😀 ok', 'tab\tand\nnewline', '\ufffd', 'RTL \u202e']) expect(hasForbiddenCharacter(fine)).toBe(false);
  });

  it('forbids control characters in names (fields, files) but not in text', () => {
    expect(isUnsafeName('photo.png')).toBe(false);
    expect(isUnsafeName('été 😀.jpg')).toBe(false);
    for (const bad of ['a\u0000b.png', '\u001b[31m.png', 'a\rb', 'a\nb', 'bell\u0007', 'del\u007f', 'c1\u0085']) expect(isUnsafeName(bad)).toBe(true);
  });

  it('decodes percent escapes as strict UTF-8', () => {
    expect(decodeComponent('caf%C3%A9+au+lait', true)).toBe('café au lait');
    expect(decodeComponent('a+b', false)).toBe('a+b');
    for (const bad of ['%00', 'a%00', '%ED%A0%80', '%FF', '%C0%AF', '%E0%80%80', '%', '%zz', '%F4%90%80%80']) {
      expect(() => decodeComponent(bad, true)).toThrow(URIError);
    }
  });

  it('measures JSON nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(33) + ']'.repeat(33), 32)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(32) + ']'.repeat(32), 32)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1_000_000), 32)).toBe(true);
  });

  it('walks parsed values for forbidden keys, strings and depth without recursion', () => {
    expect(hasForbiddenText({ a: ['fine', { b: 'ok' }] })).toBe(false);
    expect(hasForbiddenText({ a: ['fine', { b: 'n\u0000' }] })).toBe(true);
    expect(hasForbiddenText({ ['k\ud800']: 1 })).toBe(true);
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasForbiddenText(deep)).toBe(true);
  });
});
