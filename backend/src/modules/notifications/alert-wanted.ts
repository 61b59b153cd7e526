import { sql, type Expression, type SqlBool } from 'kysely';
import type { AlertType } from '@cloud9/contracts';
import { blockedBetweenSql, blockedOrMuted, mutedWordsPatternSql, mutesSql } from '../safety/public';

/**
 * The condition every statement that raises an alert adds, so an alert is never stored (and
 * therefore never pushed) when its recipient turned the type off (a row of alert_mutes), mutes the
 * actor, or a block stands between the two either way: `recipient` and `actor` are ids (a column,
 * `sql.ref('p.user_id')`, or a value, `sql.val(id)`). Primary-key probes only. Withdrawals do not
 * use it: they delete whatever exists.
 */
export const recipientWants = (recipient: Expression<unknown>, actor: Expression<unknown>, type: AlertType): Expression<SqlBool> =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM alert_mutes m WHERE m.user_id = ${recipient} AND m.type = ${type}) AND NOT ${blockedOrMuted(recipient, actor)}`;

/**
 * Whether the stored alert `a` (an alias or table name) shows to its recipient `recipient` now: not
 * when the recipient mutes its actor, a block stands between them either way (both also stop it
 * being stored, this covers alerts from before), the actor is suspended (a running row of
 * `suspensions`), or the alert's post holds one of the recipient's muted words (`pattern`, a
 * mutedWordsPatternSql, NULL for none). All read when the list is read, so an unmute, an unblock,
 * a lifted suspension or a word taken off brings the stored alerts back.
 */
export function alertShownSql(a: string, recipient: string, pattern: string = mutedWordsPatternSql(recipient)): string {
  return `(NOT ${mutesSql(recipient, `${a}.actor_id`)}
    AND NOT ${blockedBetweenSql(recipient, `${a}.actor_id`)}
    AND NOT EXISTS (SELECT 1 FROM suspensions su WHERE su.user_id = ${a}.actor_id AND su.until > now())
    AND (${a}.post_id IS NULL OR NOT coalesce((
      SELECT normalize(wp.content, NFC) ~* w.pattern FROM (SELECT ${pattern} AS pattern) w JOIN posts wp ON wp.id = ${a}.post_id
       WHERE w.pattern IS NOT NULL), false)))`;
}
