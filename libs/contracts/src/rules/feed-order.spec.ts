import { orderFeed, OrderablePost } from './feed-order';

const p = (id: number, created: number, updated = created, flags: Partial<OrderablePost> = {}): OrderablePost => ({
  id,
  createdAt: new Date(created * 1000).toISOString(),
  updatedAt: new Date(updated * 1000).toISOString(),
  isBoosted: false,
  isAdminBoosted: false,
  ...flags,
});

describe('orderFeed', () => {
  it('puts the admin boost first, then up to 3 user boosts by updatedAt, then the rest by createdAt', () => {
    const posts = [
      p(1, 10),
      p(2, 20, 60, { isBoosted: true }),
      p(3, 30, 50, { isBoosted: true }),
      p(4, 40, 70, { isBoosted: true }),
      p(5, 50, 40, { isBoosted: true }),
      p(6, 5, 5, { isAdminBoosted: true }),
      p(7, 100),
    ];
    expect(orderFeed(posts).map((x) => x.id)).toEqual([6, 4, 2, 3, 7, 5, 1]);
  });
  it('lists each post once', () => {
    const posts = [p(1, 10), p(1, 10), p(2, 20, 20, { isAdminBoosted: true, isBoosted: true })];
    expect(orderFeed(posts).map((x) => x.id)).toEqual([2, 1]);
  });
  it('keeps only one admin-boosted post on top', () => {
    const posts = [p(1, 10, 10, { isAdminBoosted: true }), p(2, 20, 30, { isAdminBoosted: true })];
    expect(orderFeed(posts).map((x) => x.id)).toEqual([2, 1]);
  });
});
