import { lifeFrom, stillKept } from './kept-life';

describe('a kept thing’s life', () => {
  const life = lifeFrom(1_000, 1_000); // read at 1,000 ms, kept for 1,000 ms

  it('ends its life after lifeMs and is read again from half of it', () => {
    expect(life).toEqual({ expiresAt: 2_000, refreshAt: 1_500 });
  });

  it('is answered until its end without a read before its refresh point', () => {
    const refresh = jest.fn(async () => undefined);
    expect(stillKept(life, false, refresh, 1_499)).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('past its refresh point is still answered, and read again once: not while a read is on its way', () => {
    const refresh = jest.fn(async () => undefined);
    expect(stillKept(life, true, refresh, 1_500)).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
    expect(stillKept(life, false, refresh, 1_999)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('at its end, or when nothing is kept, is not answered and reads nothing itself', () => {
    const refresh = jest.fn(async () => undefined);
    expect(stillKept(life, false, refresh, 2_000)).toBe(false);
    expect(stillKept(undefined, false, refresh, 0)).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a failed read in the background is nobody’s unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(stillKept(life, false, () => Promise.reject(new Error('database away')), 1_600)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
