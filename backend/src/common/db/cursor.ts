import { BadRequestException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';

/**
 * Opaque keyset cursors. A time key travels as PostgreSQL's own microsecond text
 * (YYYY-MM-DDTHH:MI:SS.ffffffZ), never as a JS Date: Date keeps milliseconds only, so rows
 * created within one millisecond would repeat or be skipped between pages.
 */
export type CursorKey = string | number;

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (keys: CursorKey[]): string => Buffer.from(JSON.stringify(keys)).toString('base64url');

function decode(cursor: string): unknown[] {
  try {
    const keys: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(keys)) return keys;
  } catch {
    // falls through to the 400 below
  }
  throw new BadRequestException(MESSAGES.post.invalidCursor);
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** The keys of a page ordered by (time, id): the last row's time (PostgreSQL's microsecond text) and id. */
export interface TimeCursor {
  time: string;
  id: number;
}

/** A (time, id) cursor, or undefined for the first page; anything malformed is a 400. */
export function decodeTimeCursor(cursor: string | undefined): TimeCursor | undefined {
  if (cursor === undefined) return undefined;
  const [time, id, ...rest] = decode(cursor);
  if (typeof time !== 'string' || !TIME_KEY.test(time) || !isId(id) || rest.length) {
    throw new BadRequestException(MESSAGES.post.invalidCursor);
  }
  return { time, id };
}

/** An id cursor (a page ordered by id alone, as a conversation's messages), or undefined for the first page; anything malformed is a 400. */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const [id, ...rest] = decode(cursor);
  if (!isId(id) || rest.length) throw new BadRequestException(MESSAGES.post.invalidCursor);
  return id;
}

/** A (rank, similarity, id) cursor of the post search. */
export function decodeRankCursor(cursor: string | undefined): { rank: number; similarity: number; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const [rank, similarity, id, ...rest] = decode(cursor);
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!finite(rank) || !finite(similarity) || !isId(id) || rest.length) throw new BadRequestException(MESSAGES.post.invalidCursor);
  return { rank, similarity, id };
}

/**
 * An (as-of time, time, id) cursor: a list computed as of the first page's time (`asOf`), so later
 * pages see the same rows however the data moves meanwhile; anything malformed is a 400.
 */
export function decodeSnapshotCursor(cursor: string | undefined): { asOf: string; time: string; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const [asOf, time, id, ...rest] = decode(cursor);
  if (typeof asOf !== 'string' || !TIME_KEY.test(asOf) || typeof time !== 'string' || !TIME_KEY.test(time) || !isId(id) || rest.length) {
    throw new BadRequestException(MESSAGES.post.invalidCursor);
  }
  return { asOf, time, id };
}
