import { bearerMatches } from './metrics-endpoint';

describe('bearerMatches', () => {
  const token = 'metrics-token-0123456789';

  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });

  it('refuses no header, another scheme, the bare token, a prefix or a longer token', () => {
    for (const header of [undefined, '', token, `Basic ${token}`, `Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, `Bearer ${token} extra`, 'Bearer '])
      expect(bearerMatches(header, token)).toBe(false);
  });
});
