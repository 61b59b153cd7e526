import { hydratePage } from '../posts/public';
import { limitLiteral, SqlParams } from '../../common/db/sql-params';
import type { TimeCursor } from '../../common/db/cursor';
import { hiddenConditions, type Hiding } from '../safety/public';

/**
 * One keyset page of a member's bookmarks, newest bookmark first by (created_at, post_id): a walk of
 * bookmarks_user_recent, the posts hydrated as every list hydrates them, seen by their owner;
 * posts of accounts they do not see (`hiding`) are left out, joined in the walk to judge them.
 */
export function bookmarkPageSql(userId: number, cursor: TimeCursor | undefined, take: number, hiding: Hiding): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const owner = params.add(userId);
  const hidden = hiddenConditions(params, hiding).map((c) => `AND ${c}`).join(' ');
  const after = cursor ? `AND (x.created_at, x.post_id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  const inner = `SELECT x.post_id AS id, x.created_at AS k1, x.post_id AS k2 FROM bookmarks x ${hidden ? 'JOIN posts p ON p.id = x.post_id' : ''}
                  WHERE x.user_id = ${owner} ${hidden} ${after}
                  ORDER BY x.created_at DESC, x.post_id DESC LIMIT ${limitLiteral(take)}`;
  return { sql: hydratePage(inner, owner, 'DESC'), params: params.values };
}
