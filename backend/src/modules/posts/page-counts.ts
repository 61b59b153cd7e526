import type { Page, Post } from '@cloud9/contracts';
import type { CountChange } from '../../common/cache/invalidation-bus';

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
 * A new page (new objects for the posts that moved only), never a changed one: SharedPageCache answers
 * it as is; the same page when nothing it shows moved; undefined
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
  return { ...page, items };
}

/**
 * `page` with a viewer's own flags as `copy` (their copy of an earlier read of the same page) shows
 * them: the same page when they have none on it; undefined when the two show different posts.
 */
export function carryFlags(copy: Page<Post>, page: Page<Post>): Page<Post> | undefined {
  if (copy.items.length !== page.items.length) return undefined;
  let differs = false;
  const carry = (mine: Post, post: Post): Post => {
    if (mine.id !== post.id || !mine.originalPost !== !post.originalPost) differs = true;
    const original = mine.originalPost && post.originalPost ? carry(mine.originalPost, post.originalPost) : post.originalPost;
    if (original === post.originalPost && mine.likedByMe === post.likedByMe && mine.repostedByMe === post.repostedByMe && mine.bookmarked === post.bookmarked) return post;
    return { ...post, likedByMe: mine.likedByMe, repostedByMe: mine.repostedByMe, bookmarked: mine.bookmarked, ...(original !== post.originalPost ? { originalPost: original } : {}) };
  };
  const items = page.items.map((post, i) => carry(copy.items[i], post));
  if (differs) return undefined;
  return items.every((post, i) => post === page.items[i]) ? page : { ...page, items };
}
