/** SQL for deleting an account while keeping every other row's counters exact. */
export const DELETE_USER_SQL = {
  ownedFiles: `SELECT storage_key FROM media WHERE owner_id = $1`,
  fixCounters: [
    `UPDATE posts p SET likes_count = p.likes_count - 1
       FROM likes l WHERE l.user_id = $1 AND l.post_id = p.id AND p.user_id <> $1`,
    `UPDATE posts p SET reposts_count = p.reposts_count - 1
       FROM reposts r WHERE r.user_id = $1 AND r.post_id = p.id AND p.user_id <> $1`,
    `UPDATE posts p SET replies_count = p.replies_count - mine.n
       FROM (SELECT parent_id, count(*) AS n FROM posts WHERE user_id = $1 AND parent_id IS NOT NULL GROUP BY parent_id) mine
      WHERE p.id = mine.parent_id AND p.user_id <> $1`,
    `UPDATE users u SET followers_count = u.followers_count - 1
       FROM follows f WHERE f.follower_id = $1 AND f.followed_id = u.id`,
    `UPDATE users u SET following_count = u.following_count - 1
       FROM follows f WHERE f.followed_id = $1 AND f.follower_id = u.id`,
  ],
  // Posts, replies, likes, reposts, follows, alerts, boosts, media rows go with it (ON DELETE CASCADE).
  deleteUser: `DELETE FROM users WHERE id = $1`,
};
