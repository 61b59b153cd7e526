/** Collects positional parameters while a statement is assembled: `p.add(value)` gives `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** LIKE/ILIKE pattern that finds `text` anywhere, with the user's own % _ and \ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows of a statement run through TypeORM's `query`: UPDATE and DELETE come back as
 * `[rows, rowCount]`, every other statement as `rows`.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
