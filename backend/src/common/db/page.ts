import type { Page } from '@cloud9/contracts';
import { encodeCursor } from './cursor';

/** A row a bounded walk marks as the last it examined (feed.sql.ts boundedWalk): a cursor, not an item. */
const isScanEnd = (row: unknown): boolean => (row as { scan_end?: boolean }).scan_end === true;

/**
 * One keyset page from rows fetched with one row more than the page holds (`LIMIT limit + 1`): the
 * extra row only tells that another page follows, and the cursor is taken from the last row kept.
 * A bounded walk that stopped before it found a page answers the rows it found and marks the last
 * row it examined (`scan_end`): the page is then short, and its cursor goes on from that row.
 */
export function toPage<R, T>(rows: readonly R[], limit: number, toItem: (row: R) => T, cursorOf: (last: R) => string): Page<T> {
  const end = rows.find(isScanEnd);
  if (end !== undefined) return { items: rows.filter((r) => !isScanEnd(r)).slice(0, limit).map(toItem), nextCursor: cursorOf(end) };
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(toItem), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** The cursor of a row ordered by (time, id), as most lists are. */
export const timeCursorOf = (row: { cursor_time: string; cursor_id: number }): string => encodeCursor([row.cursor_time, row.cursor_id]);
