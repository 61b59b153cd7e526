import { jsonOfMarked } from './prepared-json';

describe('a marked value’s JSON', () => {
  it('is JSON.stringify’s, byte for byte, whatever its fields hold', () => {
    const when = new Date('2026-11-28T12:00:00Z');
    const values: object[] = [
      { items: [{ id: 1, content: 'a "quoted" \u2028 line', originalPost: { id: 2 } }, { id: 3, skipped: undefined }], nextCursor: null },
      { nextCursor: 'c2', items: [], total: 0 },
      { items: [1, 'two', null, undefined, [3]], at: when, gone: undefined, nested: { items: [{ id: 4 }] } },
      [{ id: 5 }, null, 'x'],
      {},
    ];
    for (const value of values) expect(jsonOfMarked(value)).toBe(JSON.stringify(value));
  });

  it('makes each element’s JSON once, however many marked values share it', () => {
    let made = 0;
    const post = (id: number) => ({ id, toJSON: () => (made++, { id }) });
    const [a, b, c] = [post(1), post(2), post(3)];
    const page = { items: [a, b], nextCursor: null };
    const patched = { items: [a, c], nextCursor: null }; // b's counts moved: c is its new object
    expect(jsonOfMarked(page)).toBe('{"items":[{"id":1},{"id":2}],"nextCursor":null}');
    expect(jsonOfMarked(patched)).toBe('{"items":[{"id":1},{"id":3}],"nextCursor":null}');
    expect(made).toBe(3);
  });
});
