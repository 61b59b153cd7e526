/**
 * The tags used in the last $1 hours, read index-only from post_tags_recent: those used by at
 * least $2 distinct accounts, best first (most accounts, then most recently used, then by name), at
 * most $3 of them (`rank` 1, 2, ...); and the use of each default topic $4 (`rank` 0), qualifying
 * or not.
 */
export const TRENDING_SQL = `
  WITH recent AS (
    SELECT tag, count(DISTINCT user_id)::int AS count, max(created_at) AS last_used
      FROM post_tags WHERE created_at > now() - make_interval(hours => $1::int)
     GROUP BY tag)
  SELECT tag, count, rank FROM (
    SELECT tag, count, row_number() OVER (ORDER BY count DESC, last_used DESC, tag)::int AS rank
      FROM recent WHERE count >= $2::int) top
   WHERE rank <= $3::int
  UNION ALL
  SELECT d.tag, coalesce(r.count, 0), 0 FROM unnest($4::text[]) d(tag) LEFT JOIN recent r ON r.tag = d.tag`;

export interface TrendingRow {
  tag: string;
  count: number;
  /** 1, 2, ... for the trending tags in order; 0 for a default topic's use. */
  rank: number;
}
