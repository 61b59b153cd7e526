import { LIMITS } from '../limits';

export interface Truncated {
  text: string;
  truncated: boolean;
}

/**
 * Cuts text for display at `max` characters (code points, so an emoji is never split)
 * and says whether anything was cut, so the UI can offer Show more.
 */
export function truncateForDisplay(text: string, max: number = LIMITS.feedTruncate): Truncated {
  const chars = Array.from(text ?? '');
  if (chars.length <= max) return { text: text ?? '', truncated: false };
  return { text: chars.slice(0, max).join('').trimEnd() + '…', truncated: true };
}

/** Cuts post content to the author's plan limit (the server stores at most this much). */
export function clampToLimit(text: string, limit: number): string {
  const chars = Array.from(text ?? '');
  return chars.length <= limit ? (text ?? '') : chars.slice(0, limit).join('');
}

/** Length as the counter counts it: in code points, like `clampToLimit`. */
export function textLength(text: string): number {
  return Array.from(text ?? '').length;
}

// Controls other than tab and line breaks are invisible or break the layout: text of only them is empty.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Post, reply and notice text as stored: line breaks as \n, without invisible controls, trimmed, cut to the plan's limit. */
export function cleanPostText(raw: string | null | undefined, limit: number): string {
  return clampToLimit((raw ?? '').replace(/\r\n?/g, '\n').replace(INVISIBLE_CONTROLS, '').trim(), limit);
}
