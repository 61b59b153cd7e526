import type { EmojiStyleName } from '@cloud9/contracts';

/**
 * The image of one emoji in an image style, from the emoji CDN (EMOJI_CDN_URL, served by /api/config):
 * the emoji-datasource package of that set, 64 px. Native style draws with the device's font instead.
 */
export const emojiImageUrl = (cdnBase: string, style: Exclude<EmojiStyleName, 'native'>, unified: string): string =>
  `${cdnBase.replace(/\/+$/, '')}/emoji-datasource-${style}/img/${style}/64/${unified}.png`;

/** The character(s) of a unified code such as "2764-fe0f". */
export const emojiFromUnified = (unified: string): string => String.fromCodePoint(...unified.split('-').map((hex) => parseInt(hex, 16)));
