/**
 * The native prompts of the admin tools (a non-empty answer is needed;
 * cancelling or answering nothing does nothing).
 */

/** The trimmed answer, or null when the prompt was cancelled or left empty. */
export function askText(message: string): string | null {
  const answer = window.prompt(message);
  const text = answer?.trim() ?? '';
  return text === '' ? null : text;
}

/** A positive whole-number id; null when cancelled or empty; 'invalid' for anything else. */
export function askId(message: string): number | null | 'invalid' {
  const text = askText(message);
  if (text === null) return null;
  if (!/^\d{1,15}$/.test(text)) return 'invalid';
  const id = Number(text);
  return id > 0 ? id : 'invalid';
}
