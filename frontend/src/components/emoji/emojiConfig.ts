import type { SkinTonesValue, ThemeValue } from 'emoji-picker-react';

/** The emoji picker's categories, in order. */
export const EMOJI_CATEGORIES = [
  'suggested',
  'custom',
  'smileys_people',
  'animals_nature',
  'food_drink',
  'travel_places',
  'activities',
  'objects',
  'symbols',
  'flags',
] as const;

/** Quick reactions: thumbs up, red heart, smiling face, crying face, folded hands, thumbs down, angry face. */
export const EMOJI_REACTIONS = ['1f44d', '2764-fe0f', '1f603', '1f622', '1f64f', '1f44e', '1f621'];

/** The picker's fixed look; style and suggestion mode are the user's (see emojiSettings). */
export const EMOJI_THEME: ThemeValue = 'auto';
export const EMOJI_SKIN_TONE: SkinTonesValue = 'neutral';
