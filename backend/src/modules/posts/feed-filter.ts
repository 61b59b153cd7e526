import { BadRequestException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES, normalizeTag, type FeedCategory, type FeedQueryParams } from '@cloud9/contracts';
import type { FeedFilter } from './feed.sql';

const MENTION = /^@([A-Za-z0-9_]{1,30})$/;

/** Splits the home search box (it supports an `@user` filter) into authors and text. */
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

/**
 * A feed request with the home search box filled runs the post search, and a hashtag feed looks up
 * whatever tag it is given: both count as a search (RATE_LIMIT_SEARCH).
 */
export const isFeedSearch = (req: Request): boolean => String(req.query.search ?? '').trim() !== '' || req.query.tag !== undefined;

/**
 * The tag of a hashtag feed request (`#News`, `news` and `NEWS` are one tag), or undefined for any
 * other feed. A tag feed takes paging only: a search, author, category or the following tab with it
 * is refused rather than silently dropped.
 */
export function tagOf(query: FeedQueryParams, category?: FeedCategory): string | undefined {
  if (query.tag === undefined) return undefined;
  const tag = normalizeTag(query.tag.trim());
  if (!tag) throw new BadRequestException(MESSAGES.hashtags.invalidTag);
  if (category || query.category || query.username || (query.search ?? '').trim() || query.tab === 'following') {
    throw new BadRequestException(MESSAGES.hashtags.tagCannotCombine);
  }
  return tag;
}

/** The signed-in viewer as the feed needs them: the id, and how many accounts they follow. */
export interface FeedViewer {
  id: number;
  following_count: number;
}

/**
 * The feed filter of a request; the following tab needs a signed-in viewer (401 otherwise).
 * `viewer` is the viewer's id, or the viewer with their following count (which picks the
 * following feed's plan, see feedPageSql).
 */
export function feedFilterOf(query: FeedQueryParams, viewer: number | FeedViewer | null, category?: FeedCategory): FeedFilter {
  const viewerId = typeof viewer === 'number' || viewer === null ? viewer : viewer.id;
  const following = query.tab === 'following';
  if (following && viewerId === null) throw new UnauthorizedException(MESSAGES.auth.notSignedIn);
  const search = parseSearch(query.search);
  const authors = [...(query.username ? [query.username] : []), ...search.authors];
  return {
    viewerId,
    following,
    ...(following && typeof viewer === 'object' && viewer !== null ? { followingCount: viewer.following_count } : {}),
    authors: [...new Set(authors.map((a) => a.toLowerCase()))],
    category: category ?? (query.category as FeedCategory | undefined),
    text: search.text,
  };
}
