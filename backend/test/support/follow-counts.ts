import type { TestApp } from './app';

/** What the counts read: an app (bootApp) or a service module (serviceModule). */
type OnDatabase = Pick<TestApp, 'db'>;

export interface FollowCounts {
  followers_count: number;
  following_count: number;
  follower_rows: number;
  following_rows: number;
}

/** An account's stored follow counters next to the real row counts. */
export async function followCounts(t: OnDatabase, id: number): Promise<FollowCounts> {
  const [row] = await t.db.query(
    `SELECT followers_count, following_count,
            (SELECT count(*)::int FROM follows WHERE followed_id = $1) AS follower_rows,
            (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following_rows
       FROM users WHERE id = $1`,
    [id],
  );
  return row as FollowCounts;
}

/** The counters, after checking they equal the rows. */
export async function exactFollowCounts(t: OnDatabase, id: number): Promise<FollowCounts> {
  const c = await followCounts(t, id);
  expect(c.followers_count).toBe(c.follower_rows);
  expect(c.following_count).toBe(c.following_rows);
  return c;
}
