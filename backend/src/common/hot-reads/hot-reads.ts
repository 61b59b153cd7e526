import { Injectable } from '@nestjs/common';
import type { RateBucket } from '../../config/settings';
import type { SessionUser } from '../auth/session.types';

/** A GET that the lighter path may answer (answerHotReads), declared by the module that owns its route. */
export interface HotRead<Query> {
  /** The path exactly as requested (any other spelling takes the full pipeline); also the route's label, as Nest's route would give it. */
  path: string;
  /**
   * The query as the route's DTO would read it, for the strict subset of queries this path takes;
   * undefined for anything else (an unknown, repeated or invalid key), which the full pipeline judges.
   */
  query(raw: Record<string, unknown>): Query | undefined;
  /** The route's own @RateLimit buckets (per account, or per address signed out), counted after the general limit as its guard counts them. */
  limits?: RateBucket[];
  /** The answer, by the same service call as the route's controller; its errors are the route's. */
  answer(query: Query, viewer: SessionUser | null): Promise<object>;
}

/** Reads one query value into the query; false when the route's DTO would refuse it. */
export type QueryKeyReader<Query> = (value: string, into: Query) => boolean;

/**
 * A query read key by key, each key at most once (a repeated key is a list, which the DTOs refuse)
 * and by its reader; undefined when a key has no reader or its reader refuses the value.
 */
export function strictQuery<Query extends object>(raw: Record<string, unknown>, readers: Record<string, QueryKeyReader<Query>>): Query | undefined {
  const query = {} as Query;
  for (const [key, value] of Object.entries(raw)) {
    const read = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (typeof value !== 'string' || !read?.(value, query)) return undefined;
  }
  return query;
}

/** The hot reads the modules declared, by path. */
@Injectable()
export class HotReads {
  private readonly routes = new Map<string, HotRead<unknown>>();

  add<Query>(read: HotRead<Query>): void {
    this.routes.set(read.path, read as HotRead<unknown>);
  }

  at(path: string): HotRead<unknown> | undefined {
    return this.routes.get(path);
  }
}
