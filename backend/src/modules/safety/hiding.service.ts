import { Inject, Injectable } from '@nestjs/common';
import { isAdmin, isStaff } from '@cloud9/contracts';
import { CacheChanges } from '../../common/cache/cache-changes';
import type { Invalidation } from '../../common/cache/invalidation-bus';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { hidingOf, NOTHING_HIDDEN, type Hiding } from './hiding';
import { SafetyRepository } from './safety.repository';
import type { RunningSuspensionRow } from './safety.sql';

/** At most this many viewers' lists are kept; the one kept longest goes first. */
const MAX_VIEWERS = 10_000;

/** A viewer's own part of the rule, and the accounts with a block between them and the viewer. */
interface Own {
  hiding: Hiding;
  blocked: ReadonlySet<number>;
}

/** Who reads a single post: signed out (null) or an account with its group (staff see suspended accounts' posts). */
export type PostReader = { id: number; group_id: number } | null;

interface Suspended {
  hiding: Hiding;
  /** Until the cache's bound or the first running suspension's end, whichever is sooner. */
  validUntil: number;
}

/**
 * The one hide rule's inputs for a viewer: what they mute and block (both ways), their muted words,
 * whether they marked anything Not interested, and the accounts suspended now (hidden from everyone).
 *
 * Both are kept in this process and dropped on every instance the moment they change
 * (CacheChanges): a mute, block, muted word or Not-interested mark announces its viewers (a block
 * both accounts), a suspension or its lifting `suspensions`. So a block made between two pages of a
 * feed leaves the blocked account out of the second, whichever instance serves it. Entries also end
 * after SESSION_USER_CACHE_MS (a Redis gone silent), a suspended set at the first suspension's end;
 * nothing is kept while the bus is not live, and 0 turns the cache off (read on every request).
 */
@Injectable()
export class HidingService {
  private readonly viewers = new Map<number, Own & { expiresAt: number }>();
  private suspended?: Suspended;
  /** Move on the changes each holds: a read made across one is answered but not kept. */
  private viewersVersion = 0;
  private suspendedVersion = 0;

  constructor(
    private readonly safety: SafetyRepository,
    private readonly bus: CacheChanges,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    bus.listen((change) => this.apply(change));
  }

  private get caching(): boolean {
    return this.settings.sessionUserCacheMs > 0 && this.bus.live;
  }

  /** What everyone, signed out too, does not see: the posts of accounts suspended now. */
  async forEveryone(): Promise<Hiding> {
    const kept = this.suspended;
    if (kept && kept.validUntil > Date.now() && this.caching) return kept.hiding;
    const version = this.suspendedVersion;
    const rows = await this.safety.runningSuspensions();
    const now = Date.now();
    const running = rows.filter((r) => r.until_ms === null || r.until_ms > now);
    const hiding = running.length ? hidingOf(null, running.map((r) => Number(r.user_id))) : NOTHING_HIDDEN;
    if (version === this.suspendedVersion && this.caching) this.suspended = { hiding, validUntil: Math.min(now + this.settings.sessionUserCacheMs, firstEnd(running)) };
    return hiding;
  }

  /** What `viewerId` does not see (signed out: what nobody sees). */
  async forViewer(viewerId: number | null): Promise<Hiding> {
    if (viewerId === null) return this.forEveryone();
    const [everyone, { hiding: own }] = await Promise.all([this.forEveryone(), this.own(viewerId)]);
    if (!everyone.authors.length) return own;
    return hidingOf(viewerId, [...own.authors, ...everyone.authors], own.words, own.notInterested);
  }

  /**
   * The accounts whose posts `reader` may not see at all, not even opened by id: those with a block
   * between them either way and, for everyone but staff (groups 1–4), those suspended now. A single
   * post, its thread, history and replies answer 404 for them, and an original by them is shown as
   * hidden. A muted account is not among them: muting cleans lists, and a muted author's post opened
   * on purpose (a link, a notification) is shown.
   */
  async unseenBy(reader: PostReader): Promise<ReadonlySet<number>> {
    const staff = !!reader && (isAdmin(reader.group_id) || isStaff(reader.group_id));
    const [everyone, own] = await Promise.all([staff ? NOTHING_HIDDEN : this.forEveryone(), reader ? this.own(reader.id) : undefined]);
    if (!own?.blocked.size) return everyone.authorSet;
    return everyone.authors.length ? new Set([...own.blocked, ...everyone.authors]) : own.blocked;
  }

  private async own(viewerId: number): Promise<Own> {
    const entry = this.viewers.get(viewerId);
    if (entry && entry.expiresAt > Date.now() && this.caching) return entry;
    const version = this.viewersVersion;
    const row = await this.safety.hiddenBy(viewerId);
    const blocked = row.blocked.map(Number);
    const own: Own = { hiding: hidingOf(viewerId, [...row.muted.map(Number), ...blocked], row.words, row.not_interested), blocked: new Set(blocked) };
    if (version === this.viewersVersion && this.caching) {
      this.viewers.delete(viewerId);
      if (this.viewers.size >= MAX_VIEWERS) this.viewers.delete(this.viewers.keys().next().value!);
      this.viewers.set(viewerId, { ...own, expiresAt: Date.now() + this.settings.sessionUserCacheMs });
    }
    return own;
  }

  private apply(change: Invalidation): void {
    if (change.all || change.suspensions) {
      this.suspendedVersion += 1;
      this.suspended = undefined;
    }
    if (change.all) {
      this.viewersVersion += 1;
      this.viewers.clear();
    } else if (change.viewers?.length) {
      this.viewersVersion += 1;
      for (const id of change.viewers) this.viewers.delete(id);
    }
  }
}

const firstEnd = (running: RunningSuspensionRow[]): number => Math.min(Infinity, ...running.map((r) => r.until_ms ?? Infinity));
