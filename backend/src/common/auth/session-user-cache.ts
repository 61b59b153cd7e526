import { Inject, Injectable } from '@nestjs/common';
import { CacheChanges } from '../cache/cache-changes';
import { lifeFrom, stillKept, type KeptLife } from '../cache/kept-life';
import type { Invalidation } from '../cache/invalidation-bus';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { SessionUserSource } from './session-user-source';
import type { SessionUser } from './session.types';

/** A read of the account on its way: requests for the same user wait for it, unless a change of the row arrived since. */
interface Reading {
  user: Promise<SessionUser | null>;
  /** A change of the row (or of everything) arrived while it was read: answered, not kept, not joined. */
  spoiled: boolean;
}

/**
 * The signed-in user as the session guard reads it on every request, kept in this process: the
 * account row changes seldom, and is read on every signed-in request. Every change of the row
 * (profile, group, counters, password, deletion; see CacheChanges) drops it on every instance
 * before the change's request answers; entries also end after SESSION_USER_CACHE_MS, and one in use
 * is read again in the background before then (KeptLife), so its requests never wait for the read. A
 * read of the row is kept unless a change of that row arrived meanwhile (other changes, such as the
 * counts of every like, say nothing about it); one read at a time per user, which the requests that
 * arrive meanwhile share. The session itself is still read from Redis on each request, so a sign-out
 * or a revoked session ends at once whatever this holds. 0 turns the cache off.
 */
@Injectable()
export class SessionUserCache {
  private readonly entries = new Map<number, KeptLife & { user: SessionUser }>();
  private readonly reading = new Map<number, Reading>();

  constructor(
    private readonly source: SessionUserSource,
    private readonly bus: CacheChanges,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    bus.listen((change) => this.apply(change));
  }

  async find(userId: number): Promise<SessionUser | null> {
    if (this.settings.sessionUserCacheMs === 0 || !this.bus.live) return this.source.findSessionUser(userId);
    const entry = this.entries.get(userId);
    if (stillKept(entry, this.reading.has(userId), () => this.read(userId))) return entry.user;
    const pending = this.reading.get(userId);
    return pending && !pending.spoiled ? pending.user : this.read(userId);
  }

  private async read(userId: number): Promise<SessionUser | null> {
    const readAt = Date.now();
    const reading: Reading = { user: this.source.findSessionUser(userId), spoiled: false };
    this.reading.set(userId, reading);
    try {
      const user = await reading.user;
      if (user && !reading.spoiled && this.bus.live) this.entries.set(userId, { user, ...lifeFrom(readAt, this.settings.sessionUserCacheMs) });
      return user;
    } finally {
      if (this.reading.get(userId) === reading) this.reading.delete(userId);
    }
  }

  private apply(change: Invalidation): void {
    if (change.all) {
      this.entries.clear();
      for (const reading of this.reading.values()) reading.spoiled = true;
    }
    for (const id of change.users ?? []) {
      this.entries.delete(id);
      const reading = this.reading.get(id);
      if (reading) reading.spoiled = true;
    }
  }
}
