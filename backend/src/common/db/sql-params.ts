/** Collects positional parameters while a statement is assembled: `p.add(value)` gives `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A page size written into the statement text rather than passed as a parameter: a prepared
 * statement's generic plan then knows how few rows it fetches (with `LIMIT $n` it assumes a large
 * share of the table and picks hash joins over seq scans). Only a positive integer the code
 * computed ever gets here; anything else is a bug.
 */
export function limitLiteral(take: number): string {
  if (!Number.isSafeInteger(take) || take < 1) throw new Error(`invalid page size ${take}`);
  return String(take);
}

/** LIKE/ILIKE pattern that finds `text` anywhere, with the user's own % _ and \ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
