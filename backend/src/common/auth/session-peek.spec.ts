import session, { type SessionData } from 'express-session';
import type { Invalidation, InvalidationBus } from '../cache/invalidation-bus';
import { CachedSessionStore } from './cached-session-store';
import { SessionPeek } from './session-peek';
import { sessionCookieFor } from './signed-session-cookie';

const DAY = 24 * 3600 * 1000;
const MAX_AGE = 14 * DAY;
const LIFETIMES = { idleMs: MAX_AGE, absoluteMs: 30 * DAY };
const COOKIE = { name: 'c9.sid', secret: 'unit-test-session-secret' };

/** Sessions standing in for Redis: sid → its stored record. */
class Sessions extends session.Store {
  readonly records = new Map<string, SessionData>();
  override get(sid: string, cb: (err: unknown, data?: SessionData | null) => void): void {
    cb(null, this.records.get(sid) ?? null);
  }
  override set(_sid: string, _data: SessionData, cb?: (err?: unknown) => void): void {
    cb?.();
  }
  override destroy(_sid: string, cb?: (err?: unknown) => void): void {
    cb?.();
  }
}

/** A bus of one instance: what is published reaches its own listeners, as InvalidationBus does. */
function bus(live: boolean): InvalidationBus {
  const listeners: ((change: Invalidation) => void)[] = [];
  return {
    live,
    listen: (listener: (change: Invalidation) => void) => listeners.push(listener),
    publish: async (change: Invalidation) => listeners.forEach((listener) => listener(change)),
  } as unknown as InvalidationBus;
}
const record = (userId: number | undefined, expiresIn = MAX_AGE, signedInAgo: number | null = 0) =>
  ({
    cookie: { originalMaxAge: MAX_AGE, expires: new Date(Date.now() + expiresIn).toISOString() },
    ...(userId ? { userId } : {}),
    ...(signedInAgo === null ? {} : { createdAt: Date.now() - signedInAgo }),
  }) as unknown as SessionData;

function setUp(live = true) {
  const redis = new Sessions();
  const store = new CachedSessionStore(redis, bus(live), 60_000);
  const peek = new SessionPeek(store, COOKIE, LIFETIMES);
  /** Stores the session and has the store read it once (as the full pipeline's first request does). */
  const held = async (sid: string, data: SessionData) => {
    redis.records.set(sid, data);
    await new Promise((resolve) => store.get(sid, resolve));
  };
  return { redis, store, peek, held };
}

describe('SessionPeek', () => {
  it('reads no cookie as signed out, and a held session as its user', async () => {
    const { peek, held } = setUp();
    expect(peek.userIdOf({})).toBeNull();
    expect(peek.userIdOf({ cookie: 'theme=dark' })).toBeNull();
    await held('sid-1', record(7));
    expect(peek.userIdOf({ cookie: `theme=dark; ${sessionCookieFor('sid-1', COOKIE)}` })).toBe(7);
  });

  it('leaves to the full pipeline what memory cannot settle: not held, forged, unsigned, no user, renewal due, no sign-in time, past its lifetime, bus down', async () => {
    const { peek, held, redis } = setUp();
    redis.records.set('not-held', record(7));
    expect(peek.userIdOf({ cookie: sessionCookieFor('not-held', COOKIE) })).toBeUndefined();
    await held('sid-2', record(8));
    const forged = sessionCookieFor('sid-2', { ...COOKIE, secret: 'another-secret-of-16' });
    expect(peek.userIdOf({ cookie: forged })).toBeUndefined();
    expect(peek.userIdOf({ cookie: 'c9.sid=sid-2' })).toBeUndefined();
    await held('anonymous', record(undefined));
    expect(peek.userIdOf({ cookie: sessionCookieFor('anonymous', COOKIE) })).toBeUndefined();
    await held('old', record(9, MAX_AGE - 2 * DAY));
    expect(peek.userIdOf({ cookie: sessionCookieFor('old', COOKIE) })).toBeUndefined();
    await held('from-before', record(9, MAX_AGE, null));
    expect(peek.userIdOf({ cookie: sessionCookieFor('from-before', COOKIE) })).toBeUndefined();
    // Renewed a day ago, but signed in 30 days ago: over, whatever its idle end says.
    await held('ancient', record(9, MAX_AGE - DAY, 30 * DAY));
    expect(peek.userIdOf({ cookie: sessionCookieFor('ancient', COOKIE) })).toBeUndefined();
    // Near its absolute end, its idle end already capped there: no renewal due, still its user.
    await held('capped', record(9, 2 * DAY, 28 * DAY));
    expect(peek.userIdOf({ cookie: sessionCookieFor('capped', COOKIE) })).toBe(9);
    const down = setUp(false);
    await down.held('sid-3', record(10));
    expect(down.peek.userIdOf({ cookie: sessionCookieFor('sid-3', COOKIE) })).toBeUndefined();
  });

  it('follows the store: a session dropped there (sign-out on any instance) is no longer read', async () => {
    const { peek, held, store } = setUp();
    await held('sid-4', record(11));
    const cookie = sessionCookieFor('sid-4', COOKIE);
    expect(peek.userIdOf({ cookie })).toBe(11);
    await new Promise((resolve) => store.destroy('sid-4', resolve));
    expect(peek.userIdOf({ cookie })).toBeUndefined();
  });
});
