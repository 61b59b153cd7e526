import { ALT_TEXT } from '../limits';
import { textLength } from './truncate';

// Stripping control characters is the point of these.
/* eslint-disable no-control-regex */
/** Line breaks and tabs: a description is read as one run of text, so they become spaces. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Every other C0 control, DEL and the C1 controls: never part of a description. */
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
/* eslint-enable no-control-regex */

/**
 * A description (alt text) as it is stored and counted: line breaks and tabs become spaces, other
 * control characters are removed, the ends are trimmed; nothing left means no description (null).
 * Client and server count and store exactly this text.
 */
export function normalizeAltText(raw: string | null | undefined): string | null {
  const text = (raw ?? '').replace(BREAKS, ' ').replace(CONTROLS, '').trim();
  return text === '' ? null : text;
}

/** Length of a description as the limit counts it: code points of the normalised text. */
export const altTextLength = (raw: string | null | undefined): number => textLength(normalizeAltText(raw) ?? '');

export const isAltTextTooLong = (raw: string | null | undefined): boolean => altTextLength(raw) > ALT_TEXT.maxLength;

/**
 * Whether an upload of this MIME type takes a description: images (an uploaded GIF file included)
 * and videos do; audio does not, and neither does a GIF picked from the provider (no upload).
 */
export const takesAltText = (mime: string | null | undefined): boolean => !!mime && /^(image|video)\//.test(mime);
