import { CountVersions } from './count-versions';

describe('CountVersions', () => {
  it('drops a count no newer than one heard of the same counter, whole (its flag too)', () => {
    const versions = new CountVersions(1000);
    const unlike = { post: 1, likes: 4, version: 20, viewer: 7, liked: false };
    const like = { post: 1, likes: 5, version: 10, viewer: 7, liked: true };
    expect(versions.fresh([unlike], 0)).toEqual([unlike]);
    expect(versions.fresh([like], 1)).toEqual([]);
    expect(versions.fresh([unlike], 2)).toEqual([]); // a repeat is no newer either
    expect(versions.fresh([{ ...unlike, likes: 5, version: 21 }], 3)).toEqual([{ ...unlike, likes: 5, version: 21 }]);
  });

  it("keeps each counter's order apart, and each post's", () => {
    const versions = new CountVersions(1000);
    expect(versions.fresh([{ post: 1, likes: 1, version: 30 }], 0)).toHaveLength(1);
    expect(versions.fresh([{ post: 1, reposts: 1, version: 10 }, { post: 1, replies: 1, version: 11 }, { post: 2, likes: 1, version: 5 }], 1)).toHaveLength(3);
    expect(versions.fresh([{ post: 1, reposts: 0, version: 9 }, { post: 1, likes: 0, version: 29 }], 2)).toEqual([]);
  });

  it('passes a change without a count (a toggle that moved nothing)', () => {
    const versions = new CountVersions(1000);
    versions.fresh([{ post: 1, likes: 3, version: 50 }], 0);
    expect(versions.fresh([{ post: 1, viewer: 2, liked: false }], 1)).toEqual([{ post: 1, viewer: 2, liked: false }]);
  });

  it('forgets what was heard longer ago than a page lives, and past its size the oldest heard', () => {
    const versions = new CountVersions(1000, 2);
    versions.fresh([{ post: 1, likes: 3, version: 50 }], 0);
    expect(versions.fresh([{ post: 1, likes: 2, version: 40 }], 999)).toEqual([]);
    expect(versions.fresh([{ post: 1, likes: 2, version: 40 }], 1000)).toHaveLength(1);
    versions.fresh([{ post: 2, likes: 1, version: 60 }, { post: 3, likes: 1, version: 61 }], 1001);
    // Three counters heard, two remembered: post 1's (heard first) went.
    expect(versions.fresh([{ post: 1, likes: 1, version: 39 }], 1002)).toHaveLength(1);
    expect(versions.fresh([{ post: 3, likes: 0, version: 1 }], 1003)).toEqual([]);
  });
});
