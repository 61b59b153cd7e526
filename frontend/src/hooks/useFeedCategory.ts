import { useSyncExternalStore } from 'react';
import { DEFAULT_CATEGORY, type FeedCategory } from '@cloud9/contracts';
import { persisted } from '../lib/persisted';

const storedCategory = () => persisted.selectedCategory.get() ?? DEFAULT_CATEGORY;

/**
 * The feed Home shows, as chosen in the side panel (kept under the selectedCategory storage key);
 * General is the unfiltered feed. Every reader re-renders when it is chosen.
 */
export const useFeedCategory = (): FeedCategory => useSyncExternalStore(persisted.selectedCategory.subscribe, storedCategory);

export const chooseFeedCategory = (category: FeedCategory): void => persisted.selectedCategory.set(category);
