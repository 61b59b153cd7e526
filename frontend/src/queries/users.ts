import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USERNAME_SUGGEST, type UserSuggestion } from '@cloud9/contracts';
import { fetchUsernameSuggestions } from '../api/users';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

/** Suggestions are keyed by the lower-case prefix: the server matches usernames case-insensitively. */
const usersKeys = {
  all: ['users'] as const,
  suggestions: () => [...usersKeys.all, 'suggest'] as const,
  suggest: (prefix: string) => [...usersKeys.suggestions(), prefix.toLowerCase()] as const,
};

/** A prefix typed again within this time is answered from the cache. */
const SUGGESTIONS_STALE_MS = 30_000;

/**
 * Accounts to complete `@prefix` with, once the typing rests; none for a null prefix. While a longer
 * prefix loads, the last answer stays, narrowed to the names that still match, so the list neither
 * flickers with each letter nor ever offers a name the typed text rules out.
 */
export function useUsernameSuggestions(prefix: string | null): UserSuggestion[] {
  const settled = useDebouncedValue(prefix, USERNAME_SUGGEST.debounceMs);
  const { data } = useQuery({
    queryKey: usersKeys.suggest(settled ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await fetchUsernameSuggestions(settled!, signal);
      return { prefix: settled!.toLowerCase(), items: Array.isArray(answer?.items) ? answer.items : [] };
    },
    enabled: !!settled && !!prefix,
    staleTime: SUGGESTIONS_STALE_MS,
    placeholderData: keepPreviousData,
  });
  const typed = prefix?.toLowerCase();
  if (!typed || !data || !typed.startsWith(data.prefix)) return [];
  return data.items.filter((user) => user.username.toLowerCase().startsWith(typed));
}
