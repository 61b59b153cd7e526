import { FollowsModule } from '../../src/modules/follows/follows.module';
import { FollowsService } from '../../src/modules/follows/follows.service';
import type { SessionUser } from '../../src/common/auth/session.types';
import { exactFollowCounts } from '../support/follow-counts';
import { createMember, serviceModule, type ServiceModule } from '../support/service-module';

/**
 * The follow counters' rules on FollowsService against the real database: exact under concurrency,
 * and the count sync's lock wait. The routes, their answers and permissions are follows.int-spec.ts's.
 */
describe('follows: counters and their sync (service tier)', () => {
  let s: ServiceModule;
  let follows: FollowsService;

  const exact = (id: number) => exactFollowCounts(s, id);
  const follow = (who: SessionUser, followedId: number) => follows.follow(who, { followerId: who.id, followedId });
  const unfollow = (who: SessionUser, followedId: number) => follows.unfollow(who, { followerId: who.id, followedId });

  beforeAll(async () => {
    s = await serviceModule([FollowsModule]);
    follows = s.get(FollowsService);
  });
  afterAll(() => s?.close());

  it('counts stay exact under concurrency: 20 parallel follow/unfollow mixes, many followers at once, A→B with B→A', async () => {
    const target = await createMember(s);
    const fan = await createMember(s);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? unfollow(fan, target.id) : follow(fan, target.id))));
    const after = await exact(target.id);
    expect(after.follower_rows).toBeLessThanOrEqual(1);
    await exact(fan.id);
    // Twice at once, the same way: one row, +1.
    await unfollow(fan, target.id);
    const twice = await Promise.all([follow(fan, target.id), follow(fan, target.id)]);
    expect(twice.map((r) => r.followersCount)).toEqual([1, 1]);
    expect(await exact(target.id)).toEqual(expect.objectContaining({ followers_count: 1 }));

    const fans = await Promise.all(Array.from({ length: 20 }, () => createMember(s)));
    await Promise.all(fans.map((f) => follow(f, target.id)));
    expect(await exact(target.id)).toEqual(expect.objectContaining({ followers_count: 21 }));
    // Each fan also toggles in a mix while others follow and unfollow each other (no deadlock, exact counts).
    await Promise.all(
      fans.flatMap((f, i) => [unfollow(f, target.id), follow(f, fans[(i + 1) % fans.length].id), follow(fans[(i + 1) % fans.length], f.id)]),
    );
    expect(await exact(target.id)).toEqual(expect.objectContaining({ followers_count: 1 }));
    for (const f of fans) expect(await exact(f.id)).toEqual(expect.objectContaining({ followers_count: 2, following_count: 2 }));
  });

  it('the follow-count sync waits FOLLOW_SYNC_LOCK_WAIT_MS for a held follows table, then fails that attempt', async () => {
    const short = await serviceModule([FollowsModule], { FOLLOW_SYNC_LOCK_WAIT_MS: '300' });
    const holder = short.db.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query('LOCK TABLE follows IN EXCLUSIVE MODE');
      const started = Date.now();
      await expect(short.get(FollowsService).syncCounts()).rejects.toThrow(/lock timeout/);
      // The default (10 s) would still be waiting.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
      await short.close();
    }
  });
});
