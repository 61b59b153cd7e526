import { ALT_TEXT } from './limits';

const maxShown = ALT_TEXT.maxLength.toLocaleString('en-US');

/**
 * Texts of media descriptions (alt text): the server's refusals, the composers' control, the card's
 * badge and the viewer. Kept apart from MESSAGES, which every page loads (the sign-in page too).
 */
export const ALT_TEXT_MESSAGES = {
  tooLong: `A description can be at most ${maxShown} characters.`,
  needsMedia: 'A description needs an uploaded image or video to describe.',
  invalid: 'The description must be text.',
  /** The composer's button on a media preview without / with a description. */
  add: 'Add description',
  edit: 'Edit description',
  dialogTitle: 'Describe this media',
  fieldLabel: 'Description (alt text)',
  fieldHint: 'Say what matters in the picture or video for people who cannot see it.',
  counter: (length: number) => `${length.toLocaleString('en-US')} / ${maxShown}`,
  counterLabel: (length: number) => `${length.toLocaleString('en-US')} of ${maxShown} characters used`,
  reminder: 'Add a description so everyone can enjoy it.',
  save: 'Save description',
  remove: 'Remove description',
  /** The card's badge and the text it reveals. */
  badge: 'ALT',
  /** Read after the badge's visible "ALT" (its accessible name holds what it shows). */
  badgeHidden: ' text',
  /** A card's image without a description: what a screen reader hears. */
  fallbackImage: (author: string) => `Image shared by ${author}`,
  fallbackVideo: (author: string) => `Video shared by ${author}`,
  /** The full-size viewer. */
  openImage: 'Open image',
  viewerTitle: 'Image',
  viewerPosition: (index: number, total: number) => `Image ${index} of ${total}`,
  previous: 'Previous image',
  next: 'Next image',
  noDescription: 'No description.',
  close: 'Close',
} as const;
