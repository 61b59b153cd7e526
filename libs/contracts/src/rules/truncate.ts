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
