/** How the emoji picker draws emoji: the device's own font, or images of one of four sets from the emoji CDN. */
export const EMOJI_STYLES = ['native', 'apple', 'twitter', 'google', 'facebook'] as const;
export type EmojiStyleName = (typeof EMOJI_STYLES)[number];

/** What the picker's Suggested row holds: the latest picks first, or the most picked first. */
export const EMOJI_SUGGESTION_MODES = ['recent', 'frequent'] as const;
export type EmojiSuggestionModeName = (typeof EMOJI_SUGGESTION_MODES)[number];

/** A user's emoji picker settings. */
export interface EmojiSettings {
  style: EmojiStyleName;
  suggestionMode: EmojiSuggestionModeName;
}

export const DEFAULT_EMOJI_SETTINGS: EmojiSettings = { style: 'native', suggestionMode: 'recent' };

/** One emoji's use by one user: how many times it was picked and when last (epoch ms). */
export interface EmojiUse {
  count: number;
  lastUsed: number;
}

/** Per user, by the emoji's unified code (e.g. "1f44d", skin tone included). */
export type EmojiUsage = Record<string, EmojiUse>;

export const isEmojiStyle = (value: unknown): value is EmojiStyleName => EMOJI_STYLES.includes(value as EmojiStyleName);
export const isEmojiSuggestionMode = (value: unknown): value is EmojiSuggestionModeName =>
  EMOJI_SUGGESTION_MODES.includes(value as EmojiSuggestionModeName);
