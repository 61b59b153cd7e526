import { TRENDING, withDefaultTopics } from './trending';

describe('withDefaultTopics', () => {
  it('answers the four default topics, in order, when nothing trends', () => {
    expect(withDefaultTopics([])).toEqual([
      { tag: 'health', count: 0 },
      { tag: 'la', count: 0 },
      { tag: 'news', count: 0 },
      { tag: 'politics', count: 0 },
    ]);
  });

  it('tops up a short list to TRENDING.size with the most used default topics, never twice', () => {
    const trending = [
      { tag: 'cats', count: 9 },
      { tag: 'news', count: 4 },
      { tag: 'rain', count: 2 },
    ];
    const counts = new Map([['politics', 1], ['news', 4]]);
    expect(withDefaultTopics(trending, counts)).toEqual([...trending, { tag: 'politics', count: 1 }, { tag: 'health', count: 0 }, { tag: 'la', count: 0 }]);
    expect(withDefaultTopics(trending, counts)).toHaveLength(TRENDING.size);
  });

  it('adds nothing to a full list', () => {
    const full = Array.from({ length: TRENDING.size }, (_, i) => ({ tag: `t${i}`, count: 10 - i }));
    expect(withDefaultTopics(full)).toEqual(full);
  });
});
