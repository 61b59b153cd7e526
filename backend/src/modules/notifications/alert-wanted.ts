import { sql, type Expression, type SqlBool } from 'kysely';
import type { AlertType } from '@cloud9/contracts';

/**
 * The condition every statement that raises an alert adds, so an alert type its recipient turned
 * off (a row of alert_mutes) is never stored, and therefore never pushed: `recipient` is the
 * recipient's id (a column, `sql.ref('p.user_id')`, or a value, `sql.val(id)`). One primary-key
 * probe per recipient. Withdrawals do not use it: they delete whatever exists.
 */
export const recipientWants = (recipient: Expression<unknown>, type: AlertType): Expression<SqlBool> =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM alert_mutes m WHERE m.user_id = ${recipient} AND m.type = ${type})`;
