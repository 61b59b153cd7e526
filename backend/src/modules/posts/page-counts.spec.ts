import type { Page, Post } from '@cloud9/contracts';
import { carryFlags, patchCounts } from './page-counts';

const post = (id: number, counts: Partial<Post> = {}): Post =>
  ({ id, likes: 0, repostsCount: 0, repost_count: 0, repliesCount: 0, likedByMe: false, repostedByMe: false, bookmarked: false, originalPost: undefined, ...counts }) as Post;
const pageOf = (...items: Post[]): Page<Post> => ({ items, nextCursor: null });

describe('patchCounts', () => {
  it('moves a count by one step on every copy of the post, originals of replies included, and leaves the page it was given alone', () => {
    const parent = post(1, { likes: 4 });
    const page = pageOf(parent, post(2, { originalPost: parent }), post(3, { likes: 9 }));
    const patched = patchCounts(page, [{ post: 1, likes: 5 }], null)!;
    expect(patched.items[0].likes).toBe(5);
    expect(patched.items[1].originalPost!.likes).toBe(5);
    expect(patched.items[2]).toBe(page.items[2]);
    expect(page.items[0].likes).toBe(4);
  });

  it('sets both names of the repost count, and the reply count', () => {
    const patched = patchCounts(pageOf(post(1, { repostsCount: 2, repost_count: 2, repliesCount: 7 })), [{ post: 1, reposts: 1, replies: 8 }], null)!;
    expect(patched.items[0]).toEqual(expect.objectContaining({ repostsCount: 1, repost_count: 1, repliesCount: 8 }));
  });

  it('answers the same page when it already shows the counts (a repeated message, or a page read after the write)', () => {
    const page = pageOf(post(1, { likes: 5 }));
    expect(patchCounts(page, [{ post: 1, likes: 5 }], null)).toBe(page);
    expect(patchCounts(page, [{ post: 2, likes: 1 }], null)).toBe(page);
  });

  it('is unsure of a count more than one step away (changes crossed or were missed)', () => {
    expect(patchCounts(pageOf(post(1, { likes: 3 })), [{ post: 1, likes: 5 }], null)).toBeUndefined();
    expect(patchCounts(pageOf(post(1, { likes: 3 })), [{ post: 1, likes: 4 }, { post: 1, likes: 6 }], null)).toBeUndefined();
  });

  it('takes several changes in order', () => {
    expect(patchCounts(pageOf(post(1, { likes: 3 })), [{ post: 1, likes: 4 }, { post: 1, likes: 5 }], null)!.items[0].likes).toBe(5);
  });

  it("sets the member's own flag only on their copy", () => {
    const page = pageOf(post(1));
    const change = { post: 1, likes: 1, viewer: 7, liked: true };
    expect(patchCounts(page, [change], 7)!.items[0]).toEqual(expect.objectContaining({ likes: 1, likedByMe: true }));
    expect(patchCounts(page, [change], 8)!.items[0]).toEqual(expect.objectContaining({ likes: 1, likedByMe: false }));
    expect(patchCounts(page, [change], null)!.items[0]).toEqual(expect.objectContaining({ likes: 1, likedByMe: false }));
    expect(patchCounts(page, [{ post: 1, reposts: 1, viewer: 7, reposted: true }], 7)!.items[0]).toEqual(expect.objectContaining({ repostsCount: 1, repostedByMe: true }));
  });
});

describe('carryFlags', () => {
  it("puts a viewer's own flags on a page read again, with that page's counts, replies' originals included", () => {
    const mine = pageOf(post(1, { likes: 2, likedByMe: true }), post(2, { originalPost: post(3, { bookmarked: true, repostedByMe: true }) }));
    const again = pageOf(post(1, { likes: 7 }), post(2, { originalPost: post(3, { likes: 4 }) }));
    const carried = carryFlags(mine, again)!;
    expect(carried.items[0]).toEqual(expect.objectContaining({ id: 1, likes: 7, likedByMe: true }));
    expect(carried.items[1].likedByMe).toBe(false);
    expect(carried.items[1].originalPost).toEqual(expect.objectContaining({ id: 3, likes: 4, bookmarked: true, repostedByMe: true }));
    expect(again.items[0].likedByMe).toBe(false);
  });

  it('answers the page read again itself when the viewer has no flags on it', () => {
    const again = pageOf(post(1, { likes: 7 }));
    expect(carryFlags(pageOf(post(1)), again)).toBe(again);
  });

  it('carries nothing when the two show different posts, or a reply lost or gained its original', () => {
    expect(carryFlags(pageOf(post(1)), pageOf(post(2)))).toBeUndefined();
    expect(carryFlags(pageOf(post(1)), pageOf(post(1), post(2)))).toBeUndefined();
    expect(carryFlags(pageOf(post(2, { originalPost: post(3) })), pageOf(post(2, { originalPost: null })))).toBeUndefined();
    expect(carryFlags(pageOf(post(2, { originalPost: post(3) })), pageOf(post(2, { originalPost: post(4) })))).toBeUndefined();
  });
});
