import type { Page } from '@cloud9/contracts';
import { encodeCursor } from './cursor';

/**
 * One keyset page from rows fetched with one row more than the page holds (`LIMIT limit + 1`): the
 * extra row only tells that another page follows, and the cursor is taken from the last row kept.
 */
export function toPage<R, T>(rows: readonly R[], limit: number, toItem: (row: R) => T, cursorOf: (last: R) => string): Page<T> {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(toItem), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** The cursor of a row ordered by (time, id), as most lists are. */
export const timeCursorOf = (row: { cursor_time: string; cursor_id: number }): string => encodeCursor([row.cursor_time, row.cursor_id]);
