/** A timestamptz as exact microsecond text, the time part of a keyset cursor. */
export const timeKey = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
