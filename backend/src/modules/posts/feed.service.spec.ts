import type { Post } from '@cloud9/contracts';
import { pinnedPosts } from './feed.service';

const p = (id: number, updated: number, flags: Partial<Post> = {}) =>
  ({ id, createdAt: new Date(id * 1000).toISOString(), updatedAt: new Date(updated * 1000).toISOString(), isBoosted: false, isAdminBoosted: false, ...flags }) as Post;

describe('pinnedPosts (head of the feed)', () => {
  it('is the admin boost, then at most 3 user boosts by updatedAt', () => {
    const posts = [p(1, 50, { isBoosted: true }), p(2, 70, { isBoosted: true }), p(3, 60, { isBoosted: true }), p(4, 80, { isBoosted: true }), p(5, 1, { isAdminBoosted: true })];
    expect(pinnedPosts(posts).map((x) => x.id)).toEqual([5, 4, 2, 3]);
  });
  it('pins nothing without live boosts, and one admin post at most', () => {
    expect(pinnedPosts([])).toEqual([]);
    expect(pinnedPosts([p(1, 1, { isAdminBoosted: true }), p(2, 2, { isAdminBoosted: true })]).map((x) => x.id)).toEqual([2]);
  });
});
