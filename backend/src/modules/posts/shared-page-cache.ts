import { Inject, Injectable } from '@nestjs/common';
import type { Page, Post } from '@cloud9/contracts';
import { CacheChanges } from '../../common/cache/cache-changes';
import type { CountChange, Invalidation } from '../../common/cache/invalidation-bus';
import { readsOnPrimary } from '../../common/db/read-replica';
import { answerAsIs } from '../../common/prepared-json';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { CountLog, patchCounts } from './page-counts';

/**
 * A feed page is chosen by time; a search page by matching text, so any post may enter or leave it;
 * a following page is one viewer's, chosen by whom they follow.
 */
export type PageKind = 'feed' | 'search' | 'following';

interface Entry {
  kind: PageKind;
  /** The viewer a following page belongs to: a change of their account (a follow) drops it. */
  owner: number | null;
  /** The page as a signed-out viewer sees it (no liked/reposted flags); replaced, never changed, when its counts move. */
  page: Page<Post>;
  /** Every post the page shows (replies' originals included), and their authors. */
  postIds: Set<number>;
  authorIds: Set<number>;
  expiresAt: number;
  /** The page as each signed-in viewer who read it sees it (their own flags added); goes with the entry. */
  viewers: Map<number, Page<Post>>;
}

/** At most this many pages are kept, and this many viewers' copies of each; the oldest kept goes first. */
const MAX_PAGES = 1000;
const MAX_VIEWERS_PER_PAGE = 1000;

/** Adds a viewer's own flags to a page read for a signed-out viewer. */
type SeenBy = (page: Page<Post>, viewerId: number) => Promise<Page<Post>>;

const shownPosts = (page: Page<Post>): Post[] => page.items.flatMap((p) => (p.originalPost ? [p, p.originalPost] : [p]));

/**
 * Pages kept in this process until a change they show. The pages every viewer shares (the
 * unfiltered and category feeds at any cursor, post search) are kept as a signed-out viewer sees
 * them, each signed-in reader's copy (their own flags added, FeedService.asSeenBy) with them; a
 * viewer's following pages are kept for that viewer alone (getOwn).
 *
 * Every change reaches every instance (CacheChanges). A like, repost or reply only moves counts:
 * the pages showing that post (and every viewer's copy of them) take the new counts, and the member's
 * own copies their new flag (patchCounts), instead of being read again; a page that cannot be sure
 * of them (changes crossed) is dropped. Every other change drops what it touches: a new post or a
 * boost change all pages; an edit or deletion the pages showing that post; edits, deletions and
 * replies every search page, since they change what matches; an account change the pages showing
 * its posts and its own following pages; a viewer's bookmark only that viewer's copies and own
 * pages. Entries end FEED_CACHE_MS after they were read, whatever they took since (so no count is
 * ever older than that), which also bounds what no event announces (a boost running out) and a
 * Redis that has gone silent. 0 turns the cache off.
 * A member who just wrote reads past the cache, from the primary (ReadReplica): a page another
 * viewer loaded from a replica that had not yet replayed the write is never theirs.
 */
@Injectable()
export class SharedPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { version: number; page: Promise<Page<Post>> }>();
  /** Viewer copies on their way: a viewer's requests that arrive together wait for one (their page may need reading again). */
  private readonly seeing = new Map<string, { version: number; page: Page<Post>; seen: Promise<Page<Post>> }>();
  /** Moves on every change but counts: a page loaded across such a change is answered but not kept (it may predate it). */
  private version = 0;
  /** The count changes heard lately: a page loaded across some takes them before it is kept. */
  private readonly counted = new CountLog();

  constructor(
    private readonly bus: CacheChanges,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    bus.listen((change) => this.apply(change));
  }

  /**
   * The page as `viewerId` sees it: kept, or `load`'s (one load at a time per key) with `seenBy`'s
   * flags, each kept while nothing changed meanwhile.
   */
  async get(kind: Exclude<PageKind, 'following'>, key: string, load: () => Promise<Page<Post>>, viewerId: number | null, seenBy: SeenBy): Promise<Page<Post>> {
    if (this.settings.feedCacheMs === 0 || !this.bus.live || readsOnPrimary()) return viewerId === null ? load() : seenBy(await load(), viewerId);
    const id = `${kind}:${key}`;
    const page = await this.shared(id, kind, load);
    if (viewerId === null) return page;
    const found = this.entries.get(id);
    const entry = found?.page === page ? found : undefined; // the page just loaded may not have been kept
    const kept = entry?.viewers.get(viewerId);
    if (kept) return kept;
    const version = this.version;
    const heard = this.counted.mark();
    const seeingId = `${id}|${viewerId}`;
    const pending = this.seeing.get(seeingId);
    if (pending && pending.page === page && pending.version === version) return pending.seen;
    const seeing = seenBy(page, viewerId);
    this.seeing.set(seeingId, { version, page, seen: seeing });
    let seen: Page<Post>;
    try {
      seen = await seeing;
    } finally {
      if (this.seeing.get(seeingId)?.seen === seeing) this.seeing.delete(seeingId);
    }
    const current = entry && this.version === version && this.entries.get(id) === entry ? this.caughtUp(seen, heard, viewerId) : undefined;
    if (entry && current) {
      if (entry.viewers.size >= MAX_VIEWERS_PER_PAGE) entry.viewers.delete(entry.viewers.keys().next().value!);
      entry.viewers.set(viewerId, answerAsIs(current));
      // A copy read again for its viewer's hide rule may show posts the page does not: their changes drop it too.
      if (seen.items !== page.items) {
        for (const p of shownPosts(seen)) {
          entry.postIds.add(p.id);
          entry.authorIds.add(p.user_id);
        }
      }
    }
    return current ?? seen;
  }

  /** One viewer's own page (the following feed), read with their flags: kept until a change it shows, or theirs. */
  async getOwn(kind: 'following', owner: number, key: string, load: () => Promise<Page<Post>>): Promise<Page<Post>> {
    if (this.settings.feedCacheMs === 0 || !this.bus.live || readsOnPrimary()) return load();
    return this.shared(`${kind}:${owner}:${key}`, kind, load, owner);
  }

  /**
   * The page kept under `id`, or `load`'s: kept (with the counts that moved while it was read) when
   * nothing else changed meanwhile; the kept page is what every request waiting for this load gets.
   */
  private async shared(id: string, kind: PageKind, load: () => Promise<Page<Post>>, owner: number | null = null): Promise<Page<Post>> {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > Date.now()) return entry.page;
    const version = this.version;
    const pending = this.loading.get(id);
    if (pending && pending.version === version) return pending.page;
    const heard = this.counted.mark();
    const page = load().then((loaded) => {
      const current = this.version === version && this.bus.live ? this.caughtUp(loaded, heard, owner) : undefined;
      return current ? this.keep(id, kind, current, owner) : loaded;
    });
    this.loading.set(id, { version, page });
    try {
      return await page;
    } finally {
      if (this.loading.get(id)?.page === page) this.loading.delete(id);
    }
  }

  /** A page read since `heard` with the count changes heard since (as `viewer` sees it); undefined when it cannot be sure of them. */
  private caughtUp(page: Page<Post>, heard: number, viewer: number | null): Page<Post> | undefined {
    const changes = this.counted.since(heard);
    return changes && patchCounts(page, changes, viewer);
  }

  private keep(id: string, kind: PageKind, page: Page<Post>, owner: number | null): Page<Post> {
    this.entries.delete(id);
    if (this.entries.size >= MAX_PAGES) this.entries.delete(this.entries.keys().next().value!);
    const posts = shownPosts(page);
    this.entries.set(id, {
      kind,
      owner,
      page: answerAsIs(page),
      postIds: new Set(posts.map((p) => p.id)),
      authorIds: new Set(posts.map((p) => p.user_id)),
      expiresAt: Date.now() + this.settings.feedCacheMs,
      viewers: new Map(),
    });
    return page;
  }

  private apply({ counts, ...change }: Invalidation): void {
    if (counts?.length) this.applyCounts(counts);
    if (Object.keys(change).length === 0) return;
    this.version += 1;
    if (change.all) {
      this.entries.clear();
      return;
    }
    const posts = change.posts ?? [];
    const users = change.users ?? [];
    const viewers = change.viewers ?? [];
    for (const [id, entry] of this.entries) {
      if (
        (change.matches && entry.kind === 'search') ||
        posts.some((p) => entry.postIds.has(p)) ||
        users.some((u) => entry.authorIds.has(u) || u === entry.owner) ||
        (entry.owner !== null && viewers.includes(entry.owner))
      ) {
        this.entries.delete(id);
      } else {
        for (const viewer of viewers) entry.viewers.delete(viewer);
      }
    }
  }

  /**
   * Every kept page showing a post whose counts moved takes them, and so does every viewer's copy
   * (with their own flag when the change was theirs); a page or copy that cannot be sure of them is
   * dropped. Entries keep their end of life: a patched page is never kept longer than a read one.
   */
  private applyCounts(counts: CountChange[]): void {
    this.counted.add(counts);
    for (const [id, entry] of this.entries) {
      const changes = counts.filter((c) => entry.postIds.has(c.post));
      if (!changes.length) continue;
      const page = patchCounts(entry.page, changes, entry.owner);
      if (!page) {
        this.entries.delete(id);
        continue;
      }
      for (const [viewer, copy] of entry.viewers) {
        // A copy with none of the viewer's own flags is the shared page itself: it stays so.
        const seen = copy === entry.page && !changes.some((c) => c.viewer === viewer) ? page : patchCounts(copy, changes, viewer);
        if (seen) entry.viewers.set(viewer, seen);
        else entry.viewers.delete(viewer);
      }
      entry.page = page;
    }
  }
}
