import { UnauthorizedException } from '@nestjs/common';
import { MESSAGES, PAGING, type FeedCategory } from '@cloud9/contracts';
import type { FeedFilter } from './feed.sql';
import type { FeedQueryDto } from './posts.dto';

const MENTION = /^@([A-Za-z0-9_]{1,30})$/;

/** Splits the home search box (spec §2: supports an `@user` filter) into authors and text. */
export function parseSearch(search: string | undefined): { authors: string[]; text?: string } {
  const authors: string[] = [];
  const words: string[] = [];
  for (const word of (search ?? '').trim().split(/\s+/).filter(Boolean)) {
    const mention = MENTION.exec(word);
    if (mention) authors.push(mention[1]);
    else words.push(word);
  }
  const text = words.join(' ');
  return text ? { authors, text } : { authors };
}

/** The feed filter of a request; the following tab needs a signed-in viewer (401 otherwise). */
export function feedFilterOf(query: FeedQueryDto, viewerId: number | null, category?: FeedCategory): FeedFilter {
  const following = query.tab === 'following';
  if (following && viewerId === null) throw new UnauthorizedException(MESSAGES.auth.notSignedIn);
  const search = parseSearch(query.search);
  const authors = [...(query.username ? [query.username] : []), ...search.authors];
  return {
    viewerId,
    following,
    authors: [...new Set(authors.map((a) => a.toLowerCase()))],
    category: category ?? (query.category as FeedCategory | undefined),
    text: search.text,
  };
}

export const limitOf = (query: { limit?: number }): number => query.limit ?? PAGING.defaultLimit;
