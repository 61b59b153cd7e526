import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { MESSAGES, PAGING } from '@cloud9/contracts';
import { Optional, WholeNumber } from '../validation';

const bad = { message: MESSAGES.http.badRequest };

/** `?limit=&cursor=` of every paged list. */
export class PageQueryDto {
  @Optional() @WholeNumber() @IsInt(bad) @Min(1, bad) @Max(PAGING.maxLimit, bad) limit?: number;
  @Optional() @IsString({ message: MESSAGES.post.invalidCursor }) @MaxLength(500, { message: MESSAGES.post.invalidCursor }) cursor?: string;
}

export const limitOf = (query: { limit?: number }): number => query.limit ?? PAGING.defaultLimit;
