import { hydratePage } from '../posts/posts.sql';
import { limitLiteral, SqlParams } from '../../common/db/sql-params';
import type { TimeCursor } from '../posts/feed.sql';

/**
 * One keyset page of a member's bookmarks, newest bookmark first by (created_at, post_id): a walk of
 * bookmarks_user_recent, the posts hydrated as every list hydrates them, seen by their owner.
 */
export function bookmarkPageSql(userId: number, cursor: TimeCursor | undefined, take: number): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const owner = params.add(userId);
  const after = cursor ? `AND (x.created_at, x.post_id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  const inner = `SELECT x.post_id AS id, x.created_at AS k1, x.post_id AS k2 FROM bookmarks x
                  WHERE x.user_id = ${owner} ${after}
                  ORDER BY x.created_at DESC, x.post_id DESC LIMIT ${limitLiteral(take)}`;
  return { sql: hydratePage(inner, owner, 'DESC'), params: params.values };
}
