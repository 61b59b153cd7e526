import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { MESSAGES, PAGING } from '@cloud9/contracts';
import { Optional, WholeNumber } from '../validation';

const bad = { message: MESSAGES.http.badRequest };
const CURSOR_MAX_LENGTH = 500;
const LIMIT_DIGITS = /^\d{1,3}$/;

/** `?limit=&cursor=` of every paged list. */
export class PageQueryDto {
  @Optional() @WholeNumber() @IsInt(bad) @Min(1, bad) @Max(PAGING.maxLimit, bad) limit?: number;
  @Optional() @IsString({ message: MESSAGES.post.invalidCursor }) @MaxLength(CURSOR_MAX_LENGTH, { message: MESSAGES.post.invalidCursor }) cursor?: string;
}

export const limitOf = (query: { limit?: number }): number => query.limit ?? PAGING.defaultLimit;

/** `limit` and `cursor` read as PageQueryDto reads them, for the lighter path (strictQuery); false where it would refuse. */
export const PAGE_QUERY_READERS = {
  limit: (value: string, into: PageQueryDto) => {
    const limit = Number(value);
    if (!LIMIT_DIGITS.test(value) || limit < 1 || limit > PAGING.maxLimit) return false;
    into.limit = limit;
    return true;
  },
  cursor: (value: string, into: PageQueryDto) => {
    if (value.length > CURSOR_MAX_LENGTH) return false;
    into.cursor = value;
    return true;
  },
};
