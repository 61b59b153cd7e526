import { useCallback, useReducer } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_CATEGORY, STORAGE_KEYS, isFeedCategory, type FeedCategory } from '@cloud9/contracts';

function storedCategory(fallback: unknown): FeedCategory {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.selectedCategory);
    return isFeedCategory(value) ? value : DEFAULT_CATEGORY;
  } catch {
    // Storage unavailable: the side panel also passes its choice in the navigation state.
    return isFeedCategory(fallback) ? fallback : DEFAULT_CATEGORY;
  }
}

/**
 * The feed chosen in the side panel (localStorage selectedCategory), read on every render so a
 * choice made there (store, then navigate here) shows at once. `reset` goes back to General,
 * the unfiltered home feed.
 */
export function useSelectedCategory(): [FeedCategory, () => void] {
  const location = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const category = storedCategory((location.state as { category?: unknown } | null)?.category);

  const reset = useCallback(() => {
    try {
      localStorage.setItem(STORAGE_KEYS.selectedCategory, DEFAULT_CATEGORY);
    } catch {
      // Nothing stored, nothing to clear.
    }
    rerender();
  }, []);

  return [category, reset];
}
