import { Injectable } from '@nestjs/common';
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
  /** The answer, by the same service call as the route's controller; its errors are the route's. */
  answer(query: Query, viewer: SessionUser | null): Promise<object>;
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
