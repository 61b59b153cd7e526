import { Inject, Injectable } from '@nestjs/common';
import type { Page, Post } from '@cloud9/contracts';
import { CacheChanges } from '../../common/cache/cache-changes';
import { inBackground, lifeFrom, stillKept, type KeptLife } from '../../common/cache/kept-life';
import type { CountChange, Invalidation } from '../../common/cache/invalidation-bus';
import { readsOnPrimary } from '../../common/db/read-replica';
import { answerAsIs } from '../../common/prepared-json';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { CountVersions } from './count-versions';
import { HeardLog } from './heard-log';
import { carryFlags, patchCounts } from './page-counts';

/**
 * A feed page is chosen by time; a search page by matching text, so any post may enter or leave it;
 * a following page is one viewer's, chosen by whom they follow.
 */
export type PageKind = 'feed' | 'search' | 'following';

/** A change other than counts, as this cache hears it. */
type Change = Omit<Invalidation, 'counts'>;

/** What a page shows, by which a change is judged to touch it. */
interface Shown {
  kind: PageKind;
  /** The viewer a following page belongs to: a change of their account (a follow) touches it. */
  owner: number | null;
  /** Every post the page shows (replies' originals included), and their authors. */
  postIds: Set<number>;
  authorIds: Set<number>;
}

/** A signed-in viewer's copy of a kept page: their own flags added, kept for as long as those were read. */
interface Copy extends KeptLife {
  page: Page<Post>;
}

interface Entry extends Shown, KeptLife {
  /** The page as a signed-out viewer sees it (no liked/reposted flags); replaced, never changed, when its counts move. */
  page: Page<Post>;
  /** The page as each signed-in viewer who read it sees it (their own flags added). */
  viewers: Map<number, Copy>;
  /** How the page was read: it is read again the same way. */
  load: () => Promise<Page<Post>>;
}

/** At most this many pages are kept, and this many viewers' copies of each; the oldest kept goes first. */
const MAX_PAGES = 1000;
const MAX_VIEWERS_PER_PAGE = 1000;

/** Adds a viewer's own flags to a page read for a signed-out viewer. */
type SeenBy = (page: Page<Post>, viewerId: number) => Promise<Page<Post>>;

const shownPosts = (page: Page<Post>): Post[] => page.items.flatMap((p) => (p.originalPost ? [p, p.originalPost] : [p]));

/** The key of one viewer's copy of the page kept under `id` being read. */
const seeingKey = (id: string, viewerId: number) => `${id}|${viewerId}`;

function shownBy(kind: PageKind, owner: number | null, page: Page<Post>): Shown {
  const posts = shownPosts(page);
  return { kind, owner, postIds: new Set(posts.map((p) => p.id)), authorIds: new Set(posts.map((p) => p.user_id)) };
}

/** Whether `change` may make a page showing `shown` wrong (the page is then dropped, or not kept). */
function touches(shown: Shown, change: Change): boolean {
  return Boolean(
    change.all ||
      (change.matches && shown.kind === 'search') ||
      change.posts?.some((p) => shown.postIds.has(p)) ||
      change.users?.some((u) => shown.authorIds.has(u) || u === shown.owner) ||
      (shown.owner !== null && change.viewers?.includes(shown.owner)),
  );
}

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
 * pages. Pages and copies end FEED_CACHE_MS after they were read, whatever they took since (so no
 * count or flag is ever older than that), which also bounds what no event announces (a boost
 * running out) and a Redis that has gone silent; one still in use is read again in the background
 * before then (KeptLife), so under a steady stream of writes readers never wait for the
 * database, whose reads are slowest then. A change that touches a page only drops it when it
 * arrives before or while the page is read: what it does not show (a reply, for a feed page) leaves
 * it kept. 0 turns the cache off.
 * A member who just wrote reads past the cache, from the primary (ReadReplica): a page another
 * viewer loaded from a replica that had not yet replayed the write is never theirs.
 */
@Injectable()
export class SharedPageCache {
  private readonly entries = new Map<string, Entry>();
  /** Pages on their way, each with the mark of the changes heard when its read began. */
  private readonly loading = new Map<string, { from: number; page: Promise<Page<Post>> }>();
  /** Viewer copies on their way: a viewer's requests that arrive together wait for one (their page may need reading again). */
  private readonly seeing = new Map<string, { from: number; page: Page<Post>; seen: Promise<Page<Post>> }>();
  /**
   * The changes other than counts heard lately: a page read while one that touches it arrived may
   * predate it, so it is answered but not kept; one it does not show (a reply, for a feed page) leaves it kept.
   */
  private readonly changed = new HeardLog<Change>();
  /** The count changes heard lately: a page read while some arrived takes them before it is kept. */
  private readonly counted = new HeardLog<CountChange>();
  /** The newest count of each counter heard: a late message is not taken. */
  private readonly versions: CountVersions;

  constructor(
    private readonly bus: CacheChanges,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.versions = new CountVersions(settings.feedCacheMs);
    bus.listen((change) => this.apply(change));
  }

  /**
   * The page as `viewerId` sees it: kept, or `load`'s (one load at a time per key) with `seenBy`'s
   * flags, each kept while nothing it shows changed meanwhile. Whichever way it came, it is answered as
   * is (answerAsIs), so the full pipeline answers it exactly as the lighter path does.
   */
  async get(kind: Exclude<PageKind, 'following'>, key: string, load: () => Promise<Page<Post>>, viewerId: number | null, seenBy: SeenBy): Promise<Page<Post>> {
    return answerAsIs(await this.seenPage(kind, key, load, viewerId, seenBy));
  }

  private async seenPage(kind: Exclude<PageKind, 'following'>, key: string, load: () => Promise<Page<Post>>, viewerId: number | null, seenBy: SeenBy): Promise<Page<Post>> {
    if (this.settings.feedCacheMs === 0 || !this.bus.live || readsOnPrimary()) return viewerId === null ? load() : seenBy(await load(), viewerId);
    const id = `${kind}:${key}`;
    const page = await this.shared(id, kind, load);
    if (viewerId === null) return page;
    const found = this.entries.get(id);
    const entry = found?.page === page ? found : undefined; // the page just loaded may not have been kept
    const kept = entry?.viewers.get(viewerId);
    if (stillKept(kept, this.seeing.has(seeingKey(id, viewerId)), () => this.see(id, kind, entry, page, viewerId, seenBy))) return kept.page;
    return this.see(id, kind, entry, page, viewerId, seenBy);
  }

  /**
   * `page` with `viewerId`'s own flags (seenBy), one read at a time per viewer: kept with `entry`
   * (with the counts that moved meanwhile) when it is still kept and nothing the copy shows, nor the
   * viewer's own flags or hidden sets, changed meanwhile.
   */
  private async see(id: string, kind: PageKind, entry: Entry | undefined, page: Page<Post>, viewerId: number, seenBy: SeenBy): Promise<Page<Post>> {
    const from = this.changed.mark();
    const heard = this.counted.mark();
    const readAt = Date.now();
    const seeingId = seeingKey(id, viewerId);
    const pending = this.seeing.get(seeingId);
    if (pending && pending.page === page) {
      const seen = await pending.seen;
      if (this.untouched(shownBy(kind, null, seen), pending.from, from, viewerId)) return seen;
    }
    const seeing = seenBy(page, viewerId);
    this.seeing.set(seeingId, { from, page, seen: seeing });
    let seen: Page<Post>;
    try {
      seen = await seeing;
    } finally {
      if (this.seeing.get(seeingId)?.seen === seeing) this.seeing.delete(seeingId);
    }
    const now = this.entries.get(id);
    const current = entry && now && this.untouched(shownBy(kind, null, seen), from, undefined, viewerId) ? this.caughtUp(seen, heard, viewerId) : undefined;
    if (!now || !current) return seen;
    // The page was read again meanwhile (nothing the copy shows changed): the viewer's flags go on with its counts.
    const copy = now === entry ? current : carryFlags(current, now.page);
    if (copy) {
      now.viewers.delete(viewerId);
      if (now.viewers.size >= MAX_VIEWERS_PER_PAGE) now.viewers.delete(now.viewers.keys().next().value!);
      now.viewers.set(viewerId, { page: copy, ...lifeFrom(readAt, this.settings.feedCacheMs) });
      // A copy read again for its viewer's hide rule may show posts the page does not: their changes drop it too.
      if (seen.items !== page.items) {
        for (const p of shownPosts(seen)) {
          now.postIds.add(p.id);
          now.authorIds.add(p.user_id);
        }
      }
    }
    return current;
  }

  /** One viewer's own page (the following feed), read with their flags: kept until a change it shows, or theirs; answered as is. */
  async getOwn(kind: 'following', owner: number, key: string, load: () => Promise<Page<Post>>): Promise<Page<Post>> {
    if (this.settings.feedCacheMs === 0 || !this.bus.live || readsOnPrimary()) return answerAsIs(await load());
    return answerAsIs(await this.shared(`${kind}:${owner}:${key}`, kind, load, owner));
  }

  /**
   * The page kept under `id` (read again in the background once past its refresh point), or
   * `load`'s. A request made while a load is on its way waits for it, and takes its page unless a
   * change that page shows arrived between the load's start and the request (`asked`); then it reads again.
   */
  private async shared(id: string, kind: PageKind, load: () => Promise<Page<Post>>, owner: number | null = null, asked = this.changed.mark()): Promise<Page<Post>> {
    const entry = this.entries.get(id);
    if (stillKept(entry, this.loading.has(id), () => this.read(id, kind, load, owner))) return entry.page;
    const pending = this.loading.get(id);
    if (pending) {
      const page = await pending.page;
      return this.untouched(shownBy(kind, owner, page), pending.from, asked) ? page : this.shared(id, kind, load, owner, asked);
    }
    return this.read(id, kind, load, owner);
  }

  /** `load`'s page, kept (with the counts that moved while it was read) when no change that touches it arrived meanwhile. */
  private async read(id: string, kind: PageKind, load: () => Promise<Page<Post>>, owner: number | null): Promise<Page<Post>> {
    const from = this.changed.mark();
    const heard = this.counted.mark();
    const readAt = Date.now();
    const page = load().then((loaded) => {
      const current = this.bus.live && this.untouched(shownBy(kind, owner, loaded), from) ? this.caughtUp(loaded, heard, owner) : undefined;
      return current ? this.keep(id, kind, current, owner, readAt, load) : loaded;
    });
    this.loading.set(id, { from, page });
    try {
      return await page;
    } finally {
      if (this.loading.get(id)?.page === page) this.loading.delete(id);
    }
  }

  /** Whether no change heard from mark `from` to mark `to` (now by default) touches `shown`, or names `viewer`'s own flags or hidden sets. */
  private untouched(shown: Shown, from: number, to?: number, viewer?: number): boolean {
    const changes = this.changed.between(from, to);
    return changes !== undefined && !changes.some((c) => touches(shown, c) || (viewer !== undefined && c.viewers?.includes(viewer)));
  }

  /** A page read since `heard` with the count changes heard since (as `viewer` sees it); undefined when it cannot be sure of them. */
  private caughtUp(page: Page<Post>, heard: number, viewer: number | null): Page<Post> | undefined {
    const changes = this.counted.between(heard);
    return changes && patchCounts(page, changes, viewer);
  }

  /**
   * Keeps `page` under `id`. The viewers' copies of the page it replaces go on with the new page's
   * counts and their own flags, until their own end of life, when the two show the same posts.
   */
  private keep(id: string, kind: PageKind, page: Page<Post>, owner: number | null, readAt: number, load: () => Promise<Page<Post>>): Page<Post> {
    const previous = this.entries.get(id);
    this.entries.delete(id);
    if (this.entries.size >= MAX_PAGES) this.entries.delete(this.entries.keys().next().value!);
    const viewers = new Map<number, Copy>();
    const now = Date.now();
    for (const [viewer, copy] of previous?.viewers ?? []) {
      const carried = copy.expiresAt > now ? carryFlags(copy.page, page) : undefined;
      if (carried) viewers.set(viewer, { ...copy, page: carried });
    }
    this.entries.set(id, { ...shownBy(kind, owner, page), page, ...lifeFrom(readAt, this.settings.feedCacheMs), viewers, load });
    return page;
  }

  private apply({ counts, ...change }: Invalidation): void {
    if (counts?.length) this.applyCounts(counts);
    if (Object.keys(change).length === 0) return;
    this.changed.add([change]);
    if (change.all) {
      this.entries.clear();
      return;
    }
    for (const [id, entry] of this.entries) {
      if (touches(entry, change)) this.entries.delete(id);
      else for (const viewer of change.viewers ?? []) entry.viewers.delete(viewer);
    }
  }

  /**
   * Every kept page showing a post whose counts moved takes them, and so does every viewer's copy
   * (with their own flag when the change was theirs). A page that cannot be sure of them (changes
   * crossed, or one was missed) is dropped and read again at once, so that the next requests wait for
   * that read rather than start their own; a copy that cannot be sure of them is dropped. Entries
   * keep their end of life: a patched page is never kept longer than a read one. A late change (older
   * than one heard of the same counter) is not taken (CountVersions).
   */
  private applyCounts(heard: CountChange[]): void {
    const counts = this.versions.fresh(heard);
    if (!counts.length) return;
    this.counted.add(counts);
    for (const [id, entry] of this.entries) {
      const changes = counts.filter((c) => entry.postIds.has(c.post));
      if (!changes.length) continue;
      const page = patchCounts(entry.page, changes, entry.owner);
      if (!page) {
        this.entries.delete(id);
        if (!this.loading.has(id)) inBackground(this.read(id, entry.kind, entry.load, entry.owner));
        continue;
      }
      for (const [viewer, copy] of entry.viewers) {
        // A copy with none of the viewer's own flags is the shared page itself: it stays so.
        const seen = copy.page === entry.page && !changes.some((c) => c.viewer === viewer) ? page : patchCounts(copy.page, changes, viewer);
        if (seen) entry.viewers.set(viewer, { ...copy, page: seen });
        else entry.viewers.delete(viewer);
      }
      entry.page = page;
    }
  }
}
