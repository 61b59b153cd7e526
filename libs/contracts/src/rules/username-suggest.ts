import { ACCOUNT_RULES } from '../limits';
import { MESSAGES } from '../messages';

/** Username suggestions (the composers' `@` autocomplete). */
export const USERNAME_SUGGEST = {
  /** Suggestions in one answer. */
  max: 8,
  /** The client waits for typing to rest this long before asking. */
  debounceMs: 150,
} as const;

const PREFIX = new RegExp(`^[A-Za-z0-9_]{1,${ACCOUNT_RULES.usernameMax}}$`);

/** The catalogue message for a prefix that cannot start a username (empty, other characters, too long), or null. */
export function usernamePrefixProblem(prefix: unknown): string | null {
  if (typeof prefix !== 'string' || prefix === '') return MESSAGES.mentionSuggest.prefixRequired;
  return PREFIX.test(prefix) ? null : MESSAGES.mentionSuggest.prefixInvalid;
}
