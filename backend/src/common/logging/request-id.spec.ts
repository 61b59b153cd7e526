import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps a sane incoming id as it is', () => {
    for (const id of ['abc', 'req-42', 'A.b_c-9', 'x'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e']) expect(requestIdFrom(id)).toBe(id);
  });

  it('replaces a missing, empty, too long, repeated or unsafe one with a new UUID', () => {
    for (const id of [undefined, '', 'x'.repeat(129), 'two words', 'a\nb', 'a"b', '{"x":1}', 'é', 'a/b', ['abc', 'def']]) {
      const made = requestIdFrom(id);
      expect(made).toMatch(UUID);
      expect(made).not.toBe(id);
    }
  });

  it('makes a different id each time', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
