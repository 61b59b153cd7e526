import { sql } from 'kysely';
import type { Post } from '@cloud9/contracts';
import { InvalidationBus, type Invalidation } from '../../src/common/cache/invalidation-bus';
import { Database } from '../../src/common/db/database';
import { DomainEvents } from '../../src/common/events/domain-events';
import { bootApp, signUp, type TestApp } from '../support/app';
import { eventually, BUS_LIVE_WAIT_MS, BUS_START_TIMEOUT_MS } from '../support/harness';

/**
 * Domain events on the real database: what a transaction raises is dispatched once it has committed
 * and before the write's call returns, never when it rolls back; a write's event reaches the caches of
 * every instance before its HTTP answer.
 */
describe('domain events (real PostgreSQL and Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  const heardOn = (t: TestApp) => {
    const heard: Invalidation[] = [];
    t.app.get(InvalidationBus).listen((change) => heard.push(change));
    return heard;
  };
  /** Whether a change heard names the post: dropped, or its counts taken. */
  const namesPost = (heard: Invalidation[], postId: number) => heard.some((c) => c.posts?.includes(postId) || c.counts?.some((count) => count.post === postId));

  beforeAll(async () => {
    a = await bootApp();
    b = await bootApp();
    for (const t of [a, b]) expect(await eventually(async () => t.app.get(InvalidationBus).live, BUS_LIVE_WAIT_MS)).toBe(true);
  }, BUS_START_TIMEOUT_MS);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('dispatches what a transaction raised after its commit, before the call returns', async () => {
    const heard = heardOn(a);
    const events = a.app.get(DomainEvents);
    await a.app.get(Database).transaction(async (trx) => {
      events.add(trx, 'post.changed', { postId: -101 });
      await sql`SELECT 1`.execute(trx);
      expect(namesPost(heard, -101)).toBe(false); // still inside the transaction
    });
    expect(namesPost(heard, -101)).toBe(true);
  });

  it('drops what a transaction raised when it rolls back', async () => {
    const heard = heardOn(a);
    const events = a.app.get(DomainEvents);
    const failing = a.app.get(Database).transaction(async (trx) => {
      events.add(trx, 'post.changed', { postId: -102 });
      await sql`SELECT 1 / 0`.execute(trx); // the database refuses: rollback
    });
    await expect(failing).rejects.toThrow();
    await a.app.get(Database).transaction(async (trx) => events.add(trx, 'post.changed', { postId: -103 }));
    expect(namesPost(heard, -103)).toBe(true);
    expect(namesPost(heard, -102)).toBe(false);
  });

  it("a like's count change reaches the other instance's caches before the like is answered", async () => {
    const author = await signUp(a);
    const fan = await signUp(a);
    const post = (await author.agent.post('/api/posts').send({ content: 'to be liked' }).expect(201)).body as Post;
    const heardOnB = heardOn(b);
    await fan.agent.post(`/api/posts/${post.id}/like`).expect(200);
    expect(namesPost(heardOnB, post.id)).toBe(true);
  });
});
