import type { SkinTonesValue, ThemeValue } from 'emoji-picker-react';
import type { Theme } from '@cloud9/contracts';

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

/** The picker's theme follows the app's: `auto` (the device's) when the member's choice is the system's. */
export const emojiTheme = (theme: Theme): ThemeValue => (theme === 'system' ? 'auto' : theme);
export const EMOJI_SKIN_TONE: SkinTonesValue = 'neutral';
