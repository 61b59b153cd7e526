import { promptText } from '../../components/prompt';

/**
 * The admin tools' questions, asked in the app's own prompt dialog (a non-empty answer is needed;
 * cancelling or answering nothing does nothing).
 */

/** The trimmed answer, or null when the prompt was cancelled or left empty. */
export async function askText(message: string): Promise<string | null> {
  const answer = await promptText({ message });
  const text = answer?.trim() ?? '';
  return text === '' ? null : text;
}

/** A positive whole-number id; null when cancelled or empty; 'invalid' for anything else. */
export async function askId(message: string): Promise<number | null | 'invalid'> {
  const text = await askText(message);
  if (text === null) return null;
  if (!/^\d{1,15}$/.test(text)) return 'invalid';
  const id = Number(text);
  return id > 0 ? id : 'invalid';
}
