import type { Page, Post } from '@cloud9/contracts';
import type { CountChange } from '../../common/cache/invalidation-bus';
import { answerAsIs } from '../../common/prepared-json';

/**
 * Whether a page showing `shown` can take the committed value `now`: the same value is already
 * there (the message repeated, or the page was read after the write committed); one step away is
 * the next change, since a like, repost or reply moves a counter by exactly one; anything else means
 * changes crossed or were missed, and the page is no longer known to be right.
 */
function stepTo(shown: number, now: number | undefined): 'same' | 'moved' | 'unsure' {
  if (now === undefined || shown === now) return 'same';
  return Math.abs(shown - now) === 1 ? 'moved' : 'unsure';
}

/**
 * The page with `changes` applied to every post it shows (replies' originals included), and
 * `viewer`'s own flags when a change was theirs (null: the page as a signed-out viewer sees it).
 * A new page of new post objects, marked to be answered as is (its JSON is made again on its first
 * answer), since a marked page never changes; the same page when nothing it shows moved; undefined
 * when a count cannot be taken (see stepTo), so the caller drops the page.
 */
export function patchCounts(page: Page<Post>, changes: readonly CountChange[], viewer: number | null): Page<Post> | undefined {
  let unsure = false;
  const patch = (post: Post): Post => {
    const original = post.originalPost ? patch(post.originalPost) : post.originalPost;
    let next = original === post.originalPost ? post : { ...post, originalPost: original };
    for (const change of changes) {
      if (change.post !== post.id) continue;
      const moved: Partial<Post> = {};
      const likes = stepTo(next.likes, change.likes);
      const reposts = stepTo(next.repostsCount, change.reposts);
      const replies = stepTo(next.repliesCount, change.replies);
      if (likes === 'unsure' || reposts === 'unsure' || replies === 'unsure') unsure = true;
      if (likes === 'moved') moved.likes = change.likes;
      if (reposts === 'moved') Object.assign(moved, { repostsCount: change.reposts, repost_count: change.reposts });
      if (replies === 'moved') moved.repliesCount = change.replies;
      if (viewer !== null && change.viewer === viewer) {
        if (change.liked !== undefined && change.liked !== next.likedByMe) moved.likedByMe = change.liked;
        if (change.reposted !== undefined && change.reposted !== next.repostedByMe) moved.repostedByMe = change.reposted;
      }
      if (Object.keys(moved).length) next = { ...next, ...moved };
    }
    return next;
  };
  const items = page.items.map(patch);
  if (unsure) return undefined;
  if (items.every((post, i) => post === page.items[i])) return page;
  return answerAsIs({ ...page, items });
}

/**
 * The count changes heard lately, numbered, so a page read while some arrived can take them before it
 * is kept (it may or may not show them; patchCounts tells). Holds the last LOG_SIZE changes; a read
 * older than those is unsure and is not kept.
 */
export class CountLog {
  private static readonly LOG_SIZE = 1000;
  private readonly changes: CountChange[] = [];
  /** How many changes were ever heard: the number of the next one. */
  private heard = 0;

  /** The point a read starts from. */
  mark(): number {
    return this.heard;
  }

  add(changes: readonly CountChange[]): void {
    this.changes.push(...changes);
    this.heard += changes.length;
    if (this.changes.length > CountLog.LOG_SIZE) this.changes.splice(0, this.changes.length - CountLog.LOG_SIZE);
  }

  /** The changes heard since `mark`, oldest first; undefined when some of them are no longer held. */
  since(mark: number): CountChange[] | undefined {
    const count = this.heard - mark;
    if (count > this.changes.length) return undefined;
    return count === 0 ? [] : this.changes.slice(-count);
  }
}
