/**
 * What text may enter the app, whatever carried it (URL, JSON, form, multipart). PostgreSQL cannot
 * store a NUL (it answers 22021), and a lone surrogate is not a character at all: the driver would
 * silently store U+FFFD instead. Both are refused at the edge rather than mangled or left to fail.
 */

/** How deep a request body may nest (objects and arrays); no endpoint needs more than 2. */
export const MAX_BODY_DEPTH = 32;

// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Every C0 control but TAB, DEL and the C1 controls: never part of a field name or a file name.
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

/** True when `text` holds a NUL or a lone surrogate. */
export const hasForbiddenCharacter = (text: string): boolean => FORBIDDEN.test(text);

/** True when a name (a form field, a file name) holds a control character or a forbidden one. */
export const isUnsafeName = (name: string): boolean => CONTROL.test(name) || FORBIDDEN.test(name);

/**
 * Decodes one percent-encoded URL component as strict UTF-8 (a bad escape, an overlong form or an
 * encoded surrogate throws, where Node's query parser would quietly turn them into U+FFFD).
 * `plusIsSpace` for query strings and form bodies.
 */
export function decodeComponent(raw: string, plusIsSpace: boolean): string {
  const decoded = decodeURIComponent(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
  if (hasForbiddenCharacter(decoded)) throw new URIError('forbidden character');
  return decoded;
}

/**
 * The deepest nesting of objects and arrays in a JSON text, found by one linear scan (no recursion,
 * no parse), stopping as soon as `limit` is passed: deep nesting is refused before anything recurses.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * True when a parsed value (a form body, multipart fields) holds a forbidden character in any key
 * or string, or nests deeper than `limit`. Walks with an explicit stack, never recursion.
 */
export function hasForbiddenText(value: unknown, limit = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      if (depth >= limit) return true;
      for (const [key, child] of Object.entries(item)) {
        if (hasForbiddenCharacter(key)) return true;
        stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}
