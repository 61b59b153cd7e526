/** Feed categories; General is the default. */
export const FEED_CATEGORIES = [
  'General',
  'Entertainment',
  'Frump',
  'Gaza',
  'Health',
  'LA',
  'News',
  'Politics',
  'Social Media',
  'Technology',
  'Travel',
] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];
export const DEFAULT_CATEGORY: FeedCategory = 'General';

/** The right side panel. */
export const TRENDING_TOPICS: readonly FeedCategory[] = ['Health', 'LA', 'News', 'Politics'];
export const SIDE_PANEL_FEEDS: readonly FeedCategory[] = ['Entertainment', 'Frump', 'Social Media', 'Technology', 'Travel'];

export function isFeedCategory(value: unknown): value is FeedCategory {
  return typeof value === 'string' && (FEED_CATEGORIES as readonly string[]).includes(value);
}
