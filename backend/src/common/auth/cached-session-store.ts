import session, { type SessionData, type Store } from 'express-session';
import type { InvalidationBus, Invalidation } from '../cache/invalidation-bus';

type Callback = (err?: unknown, data?: SessionData | null) => void;

/**
 * At most this many sessions are kept; the one read longest ago goes first. Entries are otherwise only
 * dropped when read after their time or changed, so without a bound every session ever read would stay.
 */
export const MAX_SESSIONS = 100_000;

/**
 * Sessions as a signed-in GET reads them: kept in this process for up to `ttlMs` after a Redis read,
 * as their JSON (express-session changes the object it is given). The Redis read was a round trip
 * and about a sixth of a cached page's CPU.
 *
 * Every write and end of a session goes through here (which publishes it on the InvalidationBus) or
 * through SessionsService (whose `sessions.ended` event CacheInvalidations publishes), so sign-out, a
 * password change and an account deletion end a session on every instance before their request answers. Like the other in-process caches, nothing is
 * served while the bus is not live (Redis away: each read then goes to Redis and fails fast), and
 * `ttlMs` bounds what a frozen Redis could hide. Only reads are cached: `forWrites()` is the view
 * that requests which may change something use, so a revoked session can never act.
 */
export class CachedSessionStore extends session.Store {
  private readonly entries = new Map<string, { json: string; expiresAt: number }>();
  /** Moves on every change: a session read across a change is answered but not kept. */
  private version = 0;

  constructor(
    private readonly redis: Store,
    private readonly bus: InvalidationBus,
    private readonly ttlMs: number,
  ) {
    super();
    bus.listen((change) => this.apply(change));
  }

  override get(sid: string, cb: Callback): void {
    const kept = this.peek(sid);
    if (kept) return cb(null, kept);
    const version = this.version;
    this.redis.get(sid, (err, data) => {
      if (!err && data && this.ttlMs > 0 && this.version === version && this.bus.live) this.keep(sid, data);
      cb(err, data);
    });
  }

  /** The session as kept in this process (a copy), or undefined when it is not kept or may not be served now; never reads Redis. */
  peek(sid: string): SessionData | undefined {
    const entry = this.ttlMs > 0 && this.bus.live ? this.entries.get(sid) : undefined;
    return entry && entry.expiresAt > Date.now() ? (JSON.parse(entry.json) as SessionData) : undefined;
  }

  override set(sid: string, data: SessionData, cb?: (err?: unknown) => void): void {
    this.redis.set(sid, data, (err) => this.changed(sid, err, cb));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.redis.destroy(sid, (err) => this.changed(sid, err, cb));
  }

  override touch(sid: string, data: SessionData, cb?: () => void): void {
    if (this.redis.touch) this.redis.touch(sid, data, cb);
    else cb?.();
  }

  private keep(sid: string, data: SessionData): void {
    this.entries.delete(sid); // a Map keeps insertion order: re-inserting makes it the newest
    if (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sid, { json: JSON.stringify(data), expiresAt: Date.now() + this.ttlMs });
  }

  /** The same sessions, read from Redis every time: for requests that may write. */
  forWrites(): Store {
    const view = Object.create(this) as CachedSessionStore;
    view.get = (sid, cb) => this.redis.get(sid, cb);
    return view;
  }

  /** Drops the session here at once, then (once Redis has it) on every other instance. */
  private changed(sid: string, err: unknown, cb?: (err?: unknown) => void): void {
    if (err) {
      this.apply({ sessions: [sid] });
      return cb?.(err);
    }
    // publish never rejects: a failed PUBLISH is logged, and the other instances' caches are off then.
    void this.bus.publish({ sessions: [sid] }).then(() => cb?.());
  }

  private apply(change: Invalidation): void {
    this.version += 1;
    if (change.all) this.entries.clear();
    for (const sid of change.sessions ?? []) this.entries.delete(sid);
  }
}
