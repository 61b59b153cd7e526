import { Inject, Injectable } from '@nestjs/common';
import { CacheChanges } from '../../common/cache/cache-changes';
import type { Invalidation } from '../../common/cache/invalidation-bus';
import { lifeFrom, stillKept, type KeptLife } from '../../common/cache/kept-life';
import { readsOnPrimary } from '../../common/db/read-replica';
import { answerAsIs } from '../../common/prepared-json';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

/** Whose read it is: the member, and the conversation when it is one conversation's page (null for a list or the counts). */
export interface DmReadScope {
  viewer: number;
  conversation: number | null;
}

interface Kept extends KeptLife, DmReadScope {
  value: object;
}

interface Reading extends DmReadScope {
  value: Promise<object>;
  /** A change it may predate arrived while it was read: it is answered, not kept. */
  spoiled: boolean;
}

/** Answers kept at most: the oldest are let go first (a page of 50 messages is tens of KB). */
const MAX_KEPT = 5000;

/**
 * A member's direct-message reads kept in memory (their conversation pages, lists and unread counts):
 * with 32 readers of one conversation, the database alone answers too few a second for a p99 of 20 ms
 * (bench:dm), and the reads outnumber the writes that change them. As the feed's pages are
 * (decision 0086): each answer lives FEED_CACHE_MS and is read again in the background past half of
 * it; a change on the invalidation bus drops every answer it touches on every instance before its
 * write is answered (a conversation's pages for every member; a member's lists and counts); a read
 * under way when such a change arrives is answered but not kept, and the next request reads again;
 * nothing is kept while the bus is not live, or for a request that reads the primary after its own write.
 */
@Injectable()
export class DmReadCache {
  private readonly kept = new Map<string, Kept>();
  private readonly reading = new Map<string, Reading>();
  /** The keys kept per conversation and per member, so a change finds its answers without a walk. */
  private readonly byConversation = new Map<number, Set<string>>();
  private readonly byViewer = new Map<number, Set<string>>();

  constructor(
    private readonly changes: CacheChanges,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    changes.listen((change) => this.apply(change));
  }

  /** `load`'s answer for `key` (one read at a time per key), kept while nothing it shows changes. Answered as is (answerAsIs). */
  read<T extends object>(key: string, scope: DmReadScope, load: () => Promise<T>): Promise<T> {
    if (this.settings.feedCacheMs === 0 || !this.changes.live || readsOnPrimary()) return load().then(answerAsIs);
    const kept = this.kept.get(key);
    if (stillKept(kept, this.reading.has(key), () => this.load(key, scope, load))) return Promise.resolve(kept.value as T);
    return this.load(key, scope, load);
  }

  private load<T extends object>(key: string, scope: DmReadScope, load: () => Promise<T>): Promise<T> {
    const under = this.reading.get(key);
    if (under) return under.value as Promise<T>;
    const readAt = Date.now();
    const reading: Reading = { ...scope, spoiled: false, value: Promise.resolve(null as unknown as object) };
    const value = load().then(
      (answer) => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
        answerAsIs(answer);
        if (!reading.spoiled && this.changes.live) this.keep(key, { ...scope, value: answer, ...lifeFrom(readAt, this.settings.feedCacheMs) });
        return answer;
      },
      (error: unknown) => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
        throw error;
      },
    );
    reading.value = value;
    this.reading.set(key, reading);
    return value;
  }

  private keep(key: string, entry: Kept): void {
    this.forget(key);
    if (this.kept.size >= MAX_KEPT) this.forget(this.kept.keys().next().value!);
    this.kept.set(key, entry);
    indexOf(this.byViewer, entry.viewer).add(key);
    if (entry.conversation !== null) indexOf(this.byConversation, entry.conversation).add(key);
  }

  private forget(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    unindex(this.byViewer, entry.viewer, key);
    if (entry.conversation !== null) unindex(this.byConversation, entry.conversation, key);
  }

  private apply(change: Invalidation): void {
    // A lost subscription may have missed anything; a restore replaced everything.
    if (change.all) {
      for (const reading of this.reading.values()) reading.spoiled = true;
      this.reading.clear();
      this.kept.clear();
      this.byConversation.clear();
      this.byViewer.clear();
      return;
    }
    const conversations = new Set(change.conversations ?? []);
    const lists = new Set(change.inboxes ?? []);
    // A member's hidden accounts (a block ends a conversation both ways, a mute hides one): all of theirs.
    const hiding = new Set(change.viewers ?? []);
    // An account's name and picture show in the lists of everyone who talks with it.
    const anyList = !!change.users?.length;
    if (!conversations.size && !lists.size && !hiding.size && !anyList) return;
    const touches = (scope: DmReadScope) =>
      hiding.has(scope.viewer) || (scope.conversation === null ? anyList || lists.has(scope.viewer) : conversations.has(scope.conversation));
    for (const [key, reading] of this.reading) {
      if (!touches(reading)) continue;
      reading.spoiled = true;
      this.reading.delete(key);
    }
    if (anyList) {
      for (const [key, entry] of this.kept) if (touches(entry)) this.forget(key);
      return;
    }
    for (const conversation of conversations) for (const key of [...(this.byConversation.get(conversation) ?? [])]) this.forget(key);
    for (const viewer of new Set([...lists, ...hiding])) {
      for (const key of [...(this.byViewer.get(viewer) ?? [])]) if (touches(this.kept.get(key)!)) this.forget(key);
    }
  }
}

function indexOf(index: Map<number, Set<string>>, id: number): Set<string> {
  let keys = index.get(id);
  if (!keys) index.set(id, (keys = new Set()));
  return keys;
}

function unindex(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (!keys.size) index.delete(id);
}
