import { Injectable } from '@nestjs/common';
import { safeParse, type $ZodObject, type output } from 'zod/v4/core';
import type { RateBucket } from '../../config/settings';
import type { SessionUser } from '../auth/session.types';

/** A GET that the lighter path may answer (answerHotReads), declared by the module that owns its route. */
export interface HotRead<Query> {
  /**
   * The route's path (any other spelling takes the full pipeline), its `:name` segments matching any
   * one non-empty segment; also the route's label, as Nest's route would give it.
   */
  path: string;
  /**
   * The query and path parameters as the route's schemas read them (queryBy), for the subset of
   * queries this path takes; undefined for anything else (another key, or a value a schema refuses),
   * which the full pipeline judges.
   */
  query(raw: Record<string, unknown>, params: Record<string, string>): Query | undefined;
  /** Only for a signed-in caller: a request without a session takes the full pipeline (its 401). */
  signedIn?: boolean;
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

const NO_PARAMS: Record<string, string> = Object.freeze({});

/** The hot reads the modules declared, by path: literal paths by a map lookup, those with parameters segment by segment. */
@Injectable()
export class HotReads {
  private readonly routes = new Map<string, HotRead<unknown>>();
  private readonly templates: { segments: string[]; read: HotRead<unknown> }[] = [];

  add<Query>(read: HotRead<Query>): void {
    if (read.path.includes('/:')) this.templates.push({ segments: read.path.split('/'), read: read as HotRead<unknown> });
    else this.routes.set(read.path, read as HotRead<unknown>);
  }

  at(path: string): { read: HotRead<unknown>; params: Record<string, string> } | undefined {
    const read = this.routes.get(path);
    if (read) return { read, params: NO_PARAMS };
    if (!this.templates.length) return undefined;
    const segments = path.split('/');
    for (const template of this.templates) {
      const params = matchSegments(template.segments, segments);
      if (params) return { read: template.read, params };
    }
    return undefined;
  }
}

function matchSegments(template: string[], segments: string[]): Record<string, string> | undefined {
  if (template.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    if (template[i].startsWith(':')) {
      if (!segments[i]) return undefined;
      params[template[i].slice(1)] = segments[i];
    } else if (template[i] !== segments[i]) return undefined;
  }
  return params;
}
