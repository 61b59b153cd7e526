import session, { type SessionData } from 'express-session';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { CachedSessionStore, MAX_SESSIONS } from './cached-session-store';

/** Sessions in memory standing in for Redis, counting the reads that reach it. */
class CountingStore extends session.Store {
  reads = 0;
  override get(sid: string, cb: (err: unknown, data?: SessionData | null) => void): void {
    this.reads += 1;
    cb(null, { cookie: { originalMaxAge: 1000 }, userId: Number(sid) } as unknown as SessionData);
  }
  override set(_sid: string, _data: SessionData, cb?: (err?: unknown) => void): void {
    cb?.();
  }
  override destroy(_sid: string, cb?: (err?: unknown) => void): void {
    cb?.();
  }
}

const liveBus = { live: true, listen: () => undefined, publish: async () => undefined } as unknown as InvalidationBus;
const read = (store: CachedSessionStore, sid: string) => new Promise<SessionData | null | undefined>((resolve) => store.get(sid, (_err, data) => resolve(data)));

describe('CachedSessionStore', () => {
  it('keeps at most MAX_SESSIONS sessions, dropping the one read longest ago', async () => {
    const redis = new CountingStore();
    const store = new CachedSessionStore(redis, liveBus, 60_000);
    for (let i = 0; i <= MAX_SESSIONS; i++) await read(store, String(i));
    expect(redis.reads).toBe(MAX_SESSIONS + 1);
    // The newest is still in memory; the first was dropped to make room, so it is read from Redis again.
    expect(await read(store, String(MAX_SESSIONS))).toMatchObject({ userId: MAX_SESSIONS });
    expect(redis.reads).toBe(MAX_SESSIONS + 1);
    expect(await read(store, '0')).toMatchObject({ userId: 0 });
    expect(redis.reads).toBe(MAX_SESSIONS + 2);
  });
});
