import type { EmojiSuggestionModeName, EmojiUsage } from '@cloud9/contracts';
import { persisted } from '../../lib/persisted';

/** How many emoji the Suggested row shows, and how many picks are remembered to rank them. */
const SUGGESTED_EMOJI_COUNT = 14;
const REMEMBERED_EMOJI = 60;

/** The Suggested row: the latest picks first (recent), or the most picked first, the latest among equals (frequent). */
export function rankSuggestions(usage: EmojiUsage, mode: EmojiSuggestionModeName, count = SUGGESTED_EMOJI_COUNT): string[] {
  const uses = Object.entries(usage);
  uses.sort(([, a], [, b]) => (mode === 'frequent' && b.count !== a.count ? b.count - a.count : b.lastUsed - a.lastUsed));
  return uses.slice(0, count).map(([unified]) => unified);
}

/** `usage` with one more pick of `unified`, forgetting the longest-unused emoji past the remembered number. */
export function withPick(usage: EmojiUsage, unified: string, now: number): EmojiUsage {
  const next = { ...usage, [unified]: { count: (usage[unified]?.count ?? 0) + 1, lastUsed: now } };
  const kept = rankSuggestions(next, 'recent', REMEMBERED_EMOJI);
  return Object.fromEntries(kept.map((code) => [code, next[code]]));
}

/** Records a pick for the user's suggestions (nothing without a user). */
export function recordPick(userId: number | null, unified: string): void {
  if (userId === null) return;
  const item = persisted.emojiUsage(userId);
  item.set(withPick(item.get() ?? {}, unified, Date.now()));
}

/** The user's remembered picks. */
export const readUsage = (userId: number | null): EmojiUsage => (userId === null ? {} : (persisted.emojiUsage(userId).get() ?? {}));
