/**
 * What a cache heard lately, numbered, so a read that ran while some of it arrived can be judged by
 * it before its result is kept. Holds the last `size` items; a read older than those is unsure.
 */
export class HeardLog<T> {
  private readonly items: T[] = [];
  /** How many items were ever heard: the number of the next one. */
  private heard = 0;

  constructor(private readonly size = 1000) {}

  /** The point a read starts from. */
  mark(): number {
    return this.heard;
  }

  add(items: readonly T[]): void {
    this.items.push(...items);
    this.heard += items.length;
    if (this.items.length > this.size) this.items.splice(0, this.items.length - this.size);
  }

  /** The items heard from mark `from` up to mark `to` (now by default), oldest first; undefined when some of them are no longer held. */
  between(from: number, to = this.heard): T[] | undefined {
    if (this.heard - from > this.items.length) return undefined;
    return this.items.slice(this.items.length - (this.heard - from), this.items.length - (this.heard - to));
  }
}
