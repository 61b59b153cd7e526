import { mutedWordsMatcher } from '@cloud9/contracts';
import type { SqlParams } from '../../common/db/sql-params';

/**
 * What one viewer does not see (the one hide rule; see HidingService). Every list of posts applies
 * it in its SQL (hiddenConditions); the shared cached pages check it in process (hidesPost) and
 * are read again in SQL for a viewer when it takes anything off them.
 */
export interface Hiding {
  /** Signed in or not: the Not-interested probe needs the viewer. */
  viewerId: number | null;
  /** Accounts whose posts, replies and reposts are left out: muted, blocked either way, suspended. */
  authors: readonly number[];
  authorSet: ReadonlySet<number>;
  /**
   * `authors` as one PostgreSQL array literal, made once per rule: the parameter every statement of
   * the viewer's pages sends (the driver would format thousands of ids again for each).
   */
  authorsLiteral: string;
  /** Muted words and phrases (as kept), matched as matchesMutedWords does. */
  words: readonly string[];
  /** Whether the viewer marked any post Not interested (else the probe is left out of the SQL). */
  notInterested: boolean;
}

export function hidingOf(viewerId: number | null, authors: Iterable<number>, words: readonly string[] = [], notInterested = false): Hiding {
  const authorSet = new Set(authors);
  return { viewerId, authors: [...authorSet], authorSet, authorsLiteral: `{${[...authorSet].join(',')}}`, words, notInterested };
}

/** Hides nothing: a signed-out viewer while nobody is suspended. */
export const NOTHING_HIDDEN: Hiding = hidingOf(null, []);

/**
 * The part of the rule for lists of one account or one conversation the viewer chose (a profile,
 * a thread, their bookmarks): accounts only. Muted words and Not interested clean the lists that
 * find posts for them (the feeds and search).
 */
export const accountsOnly = (h: Hiding): Hiding => (h.words.length || h.notInterested ? { ...h, words: [], notInterested: false } : h);

/** PostgreSQL ARE specials (the same set matchesMutedWords escapes for JavaScript). */
const escapeAre = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * matchesMutedWords as a PostgreSQL regular expression for `~*` (case-insensitive): the words as
 * alternatives, a space matching any run of whitespace, and no letter, digit or underscore on
 * either side ([[:alnum:]] is Unicode-aware in the database's UTF-8 locale).
 */
export function mutedWordsPattern(words: readonly string[]): string {
  const alternatives = words.map((w) => escapeAre(w.normalize('NFC')).replace(/ /g, '\\s+')).join('|');
  return `(?<![[:alnum:]_])(?:${alternatives})(?![[:alnum:]_])`;
}

/** A muted word of ASCII letters, digits and underscores only: matched as one whole token (hiddenConditions). */
const PLAIN_WORD = /^[A-Za-z0-9_]+$/;

/**
 * The rule as SQL conditions on the post `p` (none when it hides nothing, so such viewers run the
 * statement as before). Each is judged on every row a list walks, so each is cheap per row: hidden
 * authors as one bigint[] parameter probed through a hash (built once per statement; `<> ALL` would
 * compare each row with every element, thousands of them); muted words of plain ASCII letters and
 * digits as a token-set overlap (the content's words, split where matchesMutedWords draws word
 * edges), the others (phrases, other scripts, symbols) as one regular expression (each alternative
 * of a regular expression costs every row, so 200 words cost ~70 µs a row that way, the overlap ~10;
 * with both, the token test runs first); Not interested as a probe of its primary key.
 */
export function hiddenConditions(params: SqlParams, h: Hiding): string[] {
  const where: string[] = [];
  if (h.authors.length) where.push(`(p.user_id IN (SELECT unnest(${params.add(h.authorsLiteral)}::bigint[]))) IS NOT TRUE`);
  const plain = h.words.filter((w) => PLAIN_WORD.test(w));
  const other = h.words.filter((w) => !PLAIN_WORD.test(w));
  const byToken = plain.length ? `regexp_split_to_array(lower(p.content), '[^[:alnum:]_]+') && ${params.add(plain.map((w) => w.toLowerCase()))}::text[]` : '';
  const byPattern = other.length ? `p.content !~* ${params.add(mutedWordsPattern(other))}` : '';
  // Both: the cheap token test first (PostgreSQL would order them by its estimates, the pattern first).
  if (byToken && byPattern) where.push(`CASE WHEN ${byToken} THEN false ELSE ${byPattern} END`);
  else if (byToken) where.push(`NOT (${byToken})`);
  else if (byPattern) where.push(byPattern);
  if (h.notInterested && h.viewerId !== null) {
    where.push(`NOT EXISTS (SELECT 1 FROM post_not_interested ni WHERE ni.user_id = ${params.add(h.viewerId)}::bigint AND ni.post_id = p.id)`);
  }
  return where;
}

/** Each kept rule's words as one compiled matcher (a page judges up to 100 posts, each with every word). */
const matchers = new WeakMap<readonly string[], (text: string) => boolean>();
function matcherOf(words: readonly string[]): (text: string) => boolean {
  let matcher = matchers.get(words);
  if (!matcher) matchers.set(words, (matcher = mutedWordsMatcher(words)));
  return matcher;
}

/** The rule's accounts and words for a post already read, as matchesMutedWords judges (Not interested needs the database: viewerFlags). */
export const hidesPost = (h: Hiding, post: { user_id: number; content: string }): boolean =>
  h.authorSet.has(post.user_id) || (h.words.length > 0 && matcherOf(h.words)(post.content));
