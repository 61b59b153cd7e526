export interface MentionQuery {
  /** Where the `@` is. */
  start: number;
  /** Where the name being typed ends (the caret, or further when the caret is inside it). */
  end: number;
  /** The name typed so far, without `@`. */
  prefix: string;
}

const NAME_CHAR = /[A-Za-z0-9_]/;
// As in parseRichText: a mention starts a word (not after a letter, digit, `_`, `@`, `#`, `&` or `/`).
const STARTS_WORD = /[\p{L}\p{M}\p{N}_@#&/]/u;
const MAX_NAME = 30;

/** The `@name` the caret is in or just after, with at least one name character before the caret; null otherwise. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  let start = caret;
  while (start > 0 && NAME_CHAR.test(text[start - 1])) start--;
  if (start === caret || caret - start > MAX_NAME || text[start - 1] !== '@') return null;
  const at = start - 1;
  if (at > 0 && STARTS_WORD.test(text[at - 1])) return null;
  let end = caret;
  while (end < text.length && NAME_CHAR.test(text[end])) end++;
  if (end - start > MAX_NAME) return null;
  return { start: at, end, prefix: text.slice(start, caret) };
}

/** `text` with the typed mention replaced by `@username ` (one space, reusing one already there), and the caret after it. */
export function insertMention(text: string, query: MentionQuery, username: string): { text: string; caret: number } {
  const before = text.slice(0, query.start);
  const after = text.slice(query.end);
  const mention = `@${username}`;
  const spaced = /^\s/.test(after) ? after : ` ${after}`;
  return { text: before + mention + spaced, caret: before.length + mention.length + 1 };
}
