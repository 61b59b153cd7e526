import type { CountChange } from '../../common/cache/invalidation-bus';

const COUNTERS = ['likes', 'reposts', 'replies'] as const;

/** How many posts' counters are remembered at most; past it the oldest heard go first. */
const MAX_REMEMBERED = 10_000;

/**
 * The newest version heard of each post's counters, for as long as a page can be kept. Count
 * messages of two instances can arrive out of their commits' order; one no newer than a change
 * already heard of the same counter is late, and taking it would set a page back to an older count
 * (a later message one step away would not correct it). A late change is dropped whole: the member's
 * flag it carries is as old as its count. Changes without a version (a toggle that moved nothing)
 * carry no count and pass.
 */
export class CountVersions {
  private readonly newest = new Map<string, { version: number; at: number }>();

  constructor(
    private readonly lifeMs: number,
    private readonly max = MAX_REMEMBERED,
  ) {}

  /** The changes that are not late, each remembered as the newest of its counters. */
  fresh(changes: readonly CountChange[], now = Date.now()): CountChange[] {
    this.forget(now);
    return changes.filter((change) => this.take(change, now));
  }

  private take(change: CountChange, now: number): boolean {
    if (change.version === undefined) return true;
    const keys = COUNTERS.filter((counter) => change[counter] !== undefined).map((counter) => `${change.post}:${counter}`);
    if (keys.some((key) => (this.newest.get(key)?.version ?? -1) >= change.version!)) return false;
    for (const key of keys) {
      this.newest.delete(key); // re-inserted last: the map stays in the order heard
      this.newest.set(key, { version: change.version, at: now });
    }
    while (this.newest.size > this.max) this.newest.delete(this.newest.keys().next().value!);
    return true;
  }

  /**
   * Versions heard longer ago than a page lives: a message that late is not expected (they cross by
   * milliseconds), and a page it would mislead ends with its life anyway.
   */
  private forget(now: number): void {
    for (const [key, { at }] of this.newest) {
      if (at > now - this.lifeMs) return;
      this.newest.delete(key);
    }
  }
}
