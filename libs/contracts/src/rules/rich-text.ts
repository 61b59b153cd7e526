/**
 * Rich text: the links, @mentions and #hashtags inside post, reply and notice text.
 * One pure parser serves the server (which stores the mentions and tags it finds) and the
 * client (which renders the segments), so both always agree on what is a link.
 */

export type RichSegment =
  | { kind: 'text'; text: string }
  /** `text` is the shortened form to show; `href` the whole address (http or https only). */
  | { kind: 'link'; text: string; href: string }
  /** `text` is as written (`@Bob`); `username` without the `@`. */
  | { kind: 'mention'; text: string; username: string }
  /** `text` is as written (`#Café`); `tag` is its lower-case, NFC form. */
  | { kind: 'tag'; text: string; tag: string };

export const RICH_TEXT_RULES = {
  /** A tag longer than this stays plain text (it is almost certainly not meant as one). */
  tagMax: 64,
  /** Links longer than this (without the scheme and `www.`) are shown cut, with an ellipsis. */
  linkDisplayMax: 32,
} as const;

// A mention or tag starts a word: not after a letter, digit, `_`, `@`, `#`, `&` (an HTML entity) or `/` (part of a path).
// Mentions follow the username rule (3 to 30 of A-Z, a-z, 0-9, _) and must not run on into more name
// characters or another `@` (an email or a fediverse handle is not a mention of ours).
// No `i` flag (the scheme spells its own cases): case-folding these Unicode classes made the first
// match compile for 25 ms, a 100 ms task on a phone's first page of posts.
const TOKENS =
  /(?<![\p{L}\p{M}\p{N}_])(?<url>[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s<>"'`]+)|(?<![\p{L}\p{M}\p{N}_@#&/])(?:@(?<mention>[A-Za-z0-9_]{3,30})(?![\p{L}\p{M}\p{N}_@])|#(?<tag>[\p{L}\p{M}\p{N}_]+))/gu;
/** Text without any of these holds no token: most posts skip TOKENS altogether. */
const MAY_HOLD_TOKEN = /[@#]|https?:\/\//i;

const TRAILING_PUNCTUATION = /[.,;:!?'"…]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops punctuation that ends a sentence rather than the address, keeping closers the address opened (Wikipedia-style `(…)`). */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (TRAILING_PUNCTUATION.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener && count(url, opener) < count(url, last)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** An http(s) address with a host name (or an IPv6 literal); written without `URL`, which this library's targets do not all declare. */
function isWebAddress(url: string): boolean {
  const authority = /^https?:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return /^(?:[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.?|\[[0-9A-Fa-f:.]+\])$/u.test(host);
}

/** A link as shown: without `https://` and `www.`, cut at `linkDisplayMax` characters (code points) with an ellipsis. */
export function displayUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const chars = Array.from(bare);
  return chars.length <= RICH_TEXT_RULES.linkDisplayMax ? bare : chars.slice(0, RICH_TEXT_RULES.linkDisplayMax - 1).join('') + '…';
}

/** The lower-case, NFC form a tag is stored and looked up by, or null when `raw` (without `#`) is not a tag. */
export function normalizeTag(raw: string): string | null {
  const tag = raw.replace(/^#/, '').normalize('NFC').toLowerCase();
  if (!/^[\p{L}\p{M}\p{N}_]+$/u.test(tag) || /^[\p{N}_]+$/u.test(tag)) return null;
  return Array.from(tag).length <= RICH_TEXT_RULES.tagMax ? tag : null;
}

/** Splits text into plain, link, mention and tag segments; joined (links by their `href`), they give the input back. */
export function parseRichText(input: string): RichSegment[] {
  const text = input ?? '';
  if (!MAY_HOLD_TOKEN.test(text)) return text ? [{ kind: 'text', text }] : [];
  const segments: RichSegment[] = [];
  let plainFrom = 0;
  const pushPlain = (end: number) => {
    if (end > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, end) });
  };

  for (const match of text.matchAll(TOKENS)) {
    const start = match.index ?? 0;
    const { url, mention, tag } = match.groups ?? {};
    let segment: RichSegment | null = null;
    let length = match[0].length;
    if (url) {
      const href = trimUrl(url);
      if (isWebAddress(href)) {
        segment = { kind: 'link', text: displayUrl(href), href };
        length = href.length;
      }
    } else if (mention) {
      segment = { kind: 'mention', text: match[0], username: mention };
    } else if (tag) {
      const normalized = normalizeTag(tag);
      if (normalized) segment = { kind: 'tag', text: match[0], tag: normalized };
    }
    if (!segment) continue;
    pushPlain(start);
    segments.push(segment);
    plainFrom = start + length;
  }
  pushPlain(text.length);
  return segments;
}

/** Usernames mentioned, without `@`, first appearance first, each once (compared case-insensitively). */
export function extractMentions(text: string): string[] {
  const seen = new Map<string, string>();
  for (const s of parseRichText(text)) {
    if (s.kind === 'mention' && !seen.has(s.username.toLowerCase())) seen.set(s.username.toLowerCase(), s.username);
  }
  return [...seen.values()];
}

/** Tags used, lower case, first appearance first, each once. */
export function extractTags(text: string): string[] {
  const tags = new Set<string>();
  for (const s of parseRichText(text)) if (s.kind === 'tag') tags.add(s.tag);
  return [...tags];
}
