import { FollowsModule } from '../../src/modules/follows/follows.module';
import { FollowsService } from '../../src/modules/follows/follows.service';
import { serviceModule } from '../support/service-module';

/**
 * The follow-count sync's lock wait, on FollowsService against the real database (no app, no HTTP).
 * The routes, their answers, permissions and counters under concurrent requests are follows.timed.int-spec.ts's.
 */
describe('follows: the count sync (service tier)', () => {
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
