import { useQuery } from '@tanstack/react-query';
import { TRENDING, type TrendingTag } from '@cloud9/contracts';
import { fetchTrending } from '../api/trending';

const trendingKeys = {
  all: ['trending'] as const,
};

/** The server recomputes the list every few minutes: one answer serves the side panel and the More sheet meanwhile. */
const TRENDING_STALE_MS = 60_000;

/** A count of null, or 0 (the server's "unknown" when it has no list), is not shown. */
export type TrendingEntry = Omit<TrendingTag, 'count'> & { count: number | null };

/** The default topics, shown (without counts) when the list cannot be had. */
const DEFAULT_TRENDING: readonly TrendingEntry[] = TRENDING.defaultTopics.map((tag) => ({ tag, count: null }));

/** The trending tags; null while the first answer is on its way. A failure falls back to the defaults, quietly. */
export function useTrending(): readonly TrendingEntry[] | null {
  const { data, isError } = useQuery({
    queryKey: trendingKeys.all,
    queryFn: async ({ signal }) => {
      const answer = await fetchTrending(signal);
      return Array.isArray(answer?.items) ? answer.items : [];
    },
    staleTime: TRENDING_STALE_MS,
  });
  if (isError) return DEFAULT_TRENDING;
  if (!data) return null;
  return data.length ? data : DEFAULT_TRENDING;
}
