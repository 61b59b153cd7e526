import { hotSearchQuery } from './search-hot-read';

describe('hotSearchQuery', () => {
  it('reads query, cursor and limit as the route’s schema does', () => {
    expect(hotSearchQuery({ query: 'champion', limit: '5', cursor: 'abc' })).toEqual({ query: 'champion', limit: 5, cursor: 'abc' });
    expect(hotSearchQuery({ query: '' })).toEqual({ query: '' });
    expect(hotSearchQuery({})).toEqual({});
  });

  it('leaves every other query to the full route', () => {
    for (const raw of [{ query: 'x'.repeat(201) }, { query: ['a', 'b'] }, { limit: '0' }, { q: 'x' }, { toString: 'x' }]) {
      expect(hotSearchQuery(raw)).toBeUndefined();
    }
  });
});
