import type { TrendingTag } from '../types';

/** What GET /api/trending lists. */
export const TRENDING = {
  /** The list's length. */
  size: 6,
  /** A tag trends once this many distinct accounts used it in the window (one account alone is not a trend). */
  minAuthors: 2,
  /** The window of use that counts, in hours. */
  windowHours: 24,
  /** Topics that fill the list while fewer tags trend, in this order when their use ties. */
  defaultTopics: ['health', 'la', 'news', 'politics'],
} as const;

/**
 * The trending list: `trending` (tags that qualify, best first, already cut to TRENDING.size),
 * topped up with the default topics it lacks, the most used first (`defaultCounts`: their use in the
 * window; 0 when unknown), never listing a tag twice.
 */
export function withDefaultTopics(trending: readonly TrendingTag[], defaultCounts: ReadonlyMap<string, number> = new Map()): TrendingTag[] {
  const items = trending.slice(0, TRENDING.size);
  const listed = new Set(items.map((t) => t.tag));
  const fill = TRENDING.defaultTopics
    .filter((tag) => !listed.has(tag))
    .map((tag) => ({ tag, count: defaultCounts.get(tag) ?? 0 }))
    .sort((a, b) => b.count - a.count || TRENDING.defaultTopics.indexOf(a.tag as never) - TRENDING.defaultTopics.indexOf(b.tag as never));
  return [...items, ...fill].slice(0, Math.max(items.length, TRENDING.size));
}
