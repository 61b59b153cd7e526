import { Injectable } from '@nestjs/common';
import { safeParse, type $ZodObject, type output } from 'zod/v4/core';
import type { RateBucket } from '../../config/settings';
import type { SessionUser } from '../auth/session.types';

/** A GET that the lighter path may answer (answerHotReads), declared by the module that owns its route. */
export interface HotRead<Query> {
  /** The path exactly as requested (any other spelling takes the full pipeline); also the route's label, as Nest's route would give it. */
  path: string;
  /**
   * The query as the route's schema reads it (queryBy), for the subset of queries this path takes;
   * undefined for anything else (another key, or a value the schema refuses), which the full pipeline judges.
   */
  query(raw: Record<string, unknown>): Query | undefined;
  /** The route's own @RateLimit buckets (per account, or per address signed out), counted after the general limit as its guard counts them. */
  limits?: RateBucket[];
  /** The answer, by the same service call as the route's controller; its errors are the route's. */
  answer(query: Query, viewer: SessionUser | null): Promise<object>;
}

/**
 * The route's query as its own schema reads it (the route table's `query`), for the keys this path
 * takes: undefined when another key is present or the schema refuses a value, which the full
 * pipeline then judges (and answers with its message).
 */
export function queryBy<S extends $ZodObject>(schema: S, keys: readonly string[]): (raw: Record<string, unknown>) => output<S> | undefined {
  const taken = new Set(keys);
  return (raw) => {
    for (const key of Object.keys(raw)) if (!taken.has(key)) return undefined;
    const result = safeParse(schema, raw);
    return result.success ? result.data : undefined;
  };
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
