import { PAGING } from '@cloud9/contracts';

/** The page size a list answers: the query's `limit` (PageQuery), else the default. */
export const limitOf = (query: { limit?: number }): number => query.limit ?? PAGING.defaultLimit;
