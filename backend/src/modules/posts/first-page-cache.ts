import { Inject, Injectable } from '@nestjs/common';
import type { Page, Post } from '@cloud9/contracts';
import { InvalidationBus, type Invalidation } from '../../common/cache/invalidation-bus';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import type { FeedFilter } from './feed.sql';

interface Entry {
  /** The page as a signed-out viewer sees it (no liked/reposted flags). */
  page: Page<Post>;
  postIds: Set<number>;
  authorIds: Set<number>;
  expiresAt: number;
}

/**
 * The first page of the shared home feeds (everything, or one category; no search, author or
 * following filter), kept in this process and shared by every viewer; the viewer's own flags are
 * read per request (FeedService). Every change a page shows drops it on every instance
 * (InvalidationBus): a new post or a boost change drops all pages, a like, repost, reply, edit or
 * deletion the pages holding that post, an account change the pages showing its posts. Entries
 * also end after FEED_CACHE_MS, which bounds what no event announces (a boost running out) and a
 * Redis that has gone silent. 0 turns the cache off.
 */
@Injectable()
export class FirstPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { version: number; page: Promise<Page<Post>> }>();
  /** Moves on every change: a page loaded across a change is answered but not kept (it may predate it). */
  private version = 0;

  constructor(
    private readonly bus: InvalidationBus,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    bus.listen((change) => this.apply(change));
  }

  /** The cache key of a feed request, or undefined when it is not a shared first page. */
  keyOf(filter: FeedFilter, limit: number, cursor: string | undefined, pinBoosts: boolean): string | undefined {
    if (cursor || !pinBoosts || filter.following || filter.text || filter.authors.length) return undefined;
    return `${filter.category ?? ''}|${limit}`;
  }

  /** The cached page, or `load`'s (one load at a time per key), kept while nothing changed meanwhile. */
  async get(key: string, load: () => Promise<Page<Post>>): Promise<Page<Post>> {
    if (this.settings.feedCacheMs === 0 || !this.bus.live) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.page;
    const version = this.version;
    const pending = this.loading.get(key);
    if (pending && pending.version === version) return pending.page;
    const page = load();
    this.loading.set(key, { version, page });
    try {
      const loaded = await page;
      if (this.version === version && this.bus.live) {
        this.entries.set(key, {
          page: loaded,
          postIds: new Set(loaded.items.map((p) => p.id)),
          authorIds: new Set(loaded.items.map((p) => p.user_id)),
          expiresAt: Date.now() + this.settings.feedCacheMs,
        });
      }
      return loaded;
    } finally {
      if (this.loading.get(key)?.page === page) this.loading.delete(key);
    }
  }

  private apply(change: Invalidation): void {
    this.version += 1;
    if (change.all) {
      this.entries.clear();
      return;
    }
    const posts = change.posts ?? [];
    const users = change.users ?? [];
    for (const [key, entry] of this.entries) {
      if (posts.some((id) => entry.postIds.has(id)) || users.some((id) => entry.authorIds.has(id))) this.entries.delete(key);
    }
  }
}
