import { Inject, Injectable } from '@nestjs/common';
import { CacheChanges } from '../cache/cache-changes';
import type { Invalidation } from '../cache/invalidation-bus';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { SessionUserSource } from './session-user-source';
import type { SessionUser } from './session.types';

/**
 * The signed-in user as the session guard reads it on every request, kept in this process: the
 * account row changes seldom, and is read on every signed-in request. Every change of the row
 * (profile, group, counters, password, deletion; see CacheChanges) drops it on every instance
 * before the change's request answers; entries also end after SESSION_USER_CACHE_MS. The session
 * itself is still read from Redis on each request, so a sign-out or a revoked session ends at once
 * whatever this holds. 0 turns the cache off.
 */
@Injectable()
export class SessionUserCache {
  private readonly entries = new Map<number, { user: SessionUser; expiresAt: number }>();
  /** Moves on every change: a row read across a change is answered but not kept. */
  private version = 0;

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
    if (entry && entry.expiresAt > Date.now()) return entry.user;
    const version = this.version;
    const user = await this.source.findSessionUser(userId);
    if (user && this.version === version && this.bus.live) {
      this.entries.set(userId, { user, expiresAt: Date.now() + this.settings.sessionUserCacheMs });
    }
    return user;
  }

  private apply(change: Invalidation): void {
    this.version += 1;
    if (change.all) this.entries.clear();
    for (const id of change.users ?? []) this.entries.delete(id);
  }
}
