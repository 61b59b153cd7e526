-- Bench data: 100k users, 1M posts, 3M likes, 2M follows, generated inside PostgreSQL (nothing crosses
-- the wire, so it beats COPY from a client). Counters are computed as rows are written, never by a
-- second pass over 1M rows. Runs once on an empty, migrated database; :'hash' is one argon2id hash
-- shared by every bench account.
SET synchronous_commit = off;
SET maintenance_work_mem = '512MB';
SET work_mem = '256MB';

INSERT INTO users (username, email, password_hash, name, group_id, created_at)
SELECT 'bench_' || i, 'bench_' || i || '@bench.local', :'hash', 'Bench User ' || i,
       CASE WHEN i % 10 = 0 THEN 6 ELSE 5 END, now() - interval '400 days' + (i * interval '5 minutes')
FROM generate_series(1, 100000) AS i
ORDER BY i;

-- 3M (user, post) likes as offsets, deduplicated, counted per post before the posts exist.
CREATE TEMP TABLE bench_likes AS
SELECT DISTINCT abs(hashtext('l' || i)) % 100000 AS user_off, abs(hashtext('p' || i)) % 1000000 + 1 AS post_n
FROM generate_series(1, 3000000) AS i;
CREATE TEMP TABLE bench_like_counts AS SELECT post_n, count(*)::int AS n FROM bench_likes GROUP BY post_n;

-- Posts numbered 1..1M in id order (the table is empty, so post n gets id n), one every 2.6 s over a
-- month, 10 words each. Every tenth post n replies to post n-1-(n%50); so post p has replies exactly
-- when (p+1) % 50 = 0: the five posts p+1, p+11, ..., p+41.
INSERT INTO posts (user_id, parent_id, content, category, likes_count, replies_count, created_at, updated_at)
SELECT u.first_id + g.h % 100000,
       CASE WHEN g.n % 10 = 0 AND g.n >= 50 THEN g.n - 1 - g.n % 50 END,
       (SELECT string_agg(v.w[1 + ((g.h >> (k * 3)) % array_length(v.w, 1))], ' ') FROM generate_series(0, 9) AS k),
       (ARRAY['General','Entertainment','Frump','Gaza','Health','LA','News','Politics','Social Media','Technology','Travel'])[1 + g.h % 11],
       coalesce(lc.n, 0),
       CASE WHEN (g.n + 1) % 50 = 0 THEN (SELECT count(*) FROM generate_series(0, 40, 10) AS k WHERE g.n + 1 + k <= 1000000) ELSE 0 END,
       g.ts, g.ts
FROM (SELECT n, abs(hashtext(n::text)) AS h, now() - (1000000 - n) * interval '2.6 seconds' AS ts
      FROM generate_series(1, 1000000) AS n) g
CROSS JOIN (SELECT min(id) AS first_id FROM users) u
CROSS JOIN (SELECT ARRAY['cloud','nine','winner','gold','silver','diamond','sky','sunrise','storm','rain','coffee','music',
  'football','election','travel','beach','mountain','city','pizza','science','rocket','garden','movie','jazz',
  'startup','ocean','forest','festival','trophy','champion','breeze','thunder','rainbow','marathon','podcast',
  'camera','sunset','library','galaxy','harbor','bicycle','recipe','meadow','lantern','compass','voyage'] AS w) v
LEFT JOIN bench_like_counts lc ON lc.post_n = g.n
ORDER BY g.n;

INSERT INTO likes (user_id, post_id)
SELECT u.first_id + l.user_off, l.post_n FROM bench_likes l CROSS JOIN (SELECT min(id) AS first_id FROM users) u;

-- 2M follows; the measured reader (bench_1) follows exactly 1,000 accounts.
INSERT INTO follows (follower_id, followed_id)
SELECT a, b FROM (
  SELECT u.first_id + 1 + abs(hashtext('f' || i)) % 99999 AS a, u.first_id + abs(hashtext('g' || i)) % 100000 AS b
  FROM generate_series(1, 2000000) AS i CROSS JOIN (SELECT min(id) AS first_id FROM users) u
) pairs WHERE a <> b
ON CONFLICT DO NOTHING;
INSERT INTO follows (follower_id, followed_id)
SELECT reader.id, u.id FROM users u, (SELECT id FROM users WHERE username = 'bench_1') reader
WHERE u.id <> reader.id ORDER BY u.id LIMIT 1000;

UPDATE users u SET followers_count = c.n FROM (SELECT followed_id, count(*) n FROM follows GROUP BY followed_id) c WHERE c.followed_id = u.id;
UPDATE users u SET following_count = c.n FROM (SELECT follower_id, count(*) n FROM follows GROUP BY follower_id) c WHERE c.follower_id = u.id;
VACUUM ANALYZE;
