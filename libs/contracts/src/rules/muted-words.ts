import { SAFETY_RULES } from '../safety';

/** A muted word as kept: trimmed, inner whitespace as single spaces, NFC; null when empty, too long or holding control characters. */
export function normalizeMutedWord(raw: unknown): string | null {
  if (typeof raw !== 'string' || /\p{Cc}/u.test(raw.replace(/[\t\n\r]/g, ' '))) return null;
  const word = raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
  const length = Array.from(word).length;
  return length >= 1 && length <= SAFETY_RULES.mutedWordMax ? word : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` holds any of `words` as whole words, case-insensitively: "cat" hides "Cat!" and
 * "#cat" but not "category"; a phrase matches with any run of whitespace between its words.
 */
export function matchesMutedWords(text: string, words: readonly string[]): boolean {
  return mutedWordsMatcher(words)(text);
}

/** matchesMutedWords for one list of words, its regular expression built once (for judging many texts). */
export function mutedWordsMatcher(words: readonly string[]): (text: string) => boolean {
  if (!words.length) return () => false;
  const alternatives = words.map((w) => escapeRegExp(w.normalize('NFC')).replace(/ /g, '\\s+')).join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{M}\\p{N}_])`, 'iu');
  return (text) => !!text && pattern.test(text.normalize('NFC'));
}
