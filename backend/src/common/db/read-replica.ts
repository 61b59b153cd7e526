import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { Pool } from 'pg';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { REDIS, RedisKeys } from '../redis.module';
import { PG_ERROR } from './pg-errors';
import { readPool } from './read-pool';

/** How long a member's reads stay on the primary after a write of theirs: well above a healthy replica's lag. */
const READ_PIN_MS = 5000;
/** After the replica fails, reads go to the primary for this long before the replica is tried again. */
const REPLICA_RETRY_MS = 5000;

/**
 * Where the reads of the work under way go: set for each API request (by its acting user) and for
 * each transaction (`onPrimary`). Work outside both (jobs, sockets) decides per read by its viewer.
 */
const readScope = new AsyncLocalStorage<{ primary: boolean }>();
/**
 * Whether a replica is set (ReadReplica turns it on). Without one every read is on the primary, and
 * the scope is never entered: on Node 20 the first AsyncLocalStorage.run turns on promise hooks for
 * the whole process, which every await of every request then pays for (a fifth of a cached page).
 */
let scoped = false;

/** Runs `work` with every read it makes (through SqlService.reader) on the primary. */
export const onPrimary = <T>(work: () => T): T => (scoped ? readScope.run({ primary: true }, work) : work());

/** True when the work under way reads the primary whatever its reads' viewer (a writer's request, a transaction). */
export const readsOnPrimary = (): boolean => readScope.getStore()?.primary === true;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * SQLSTATE classes a query fails with the same way on any server (bad data, constraint, syntax or
 * access): retrying them on the primary would only run them twice.
 */
const SAME_EVERYWHERE = /^(21|22|23|42|44)/;
/**
 * A read stopped at its statement_timeout would only take as long again on the primary: the request
 * answers 503 at once, and the replica stays in use.
 */
const sameEverywhere = (code: string) => SAME_EVERYWHERE.test(code) || code === PG_ERROR.queryCanceled;
/** A query the replica cancelled because replay needed its rows (a recovery conflict): the replica itself is fine. */
const RECOVERY_CONFLICT = '40001';

/**
 * The optional streaming replica (DATABASE_READ_URL) and who may read from it. A read goes to the
 * replica unless: no replica is set; it runs inside a transaction, a request that writes, or a
 * request by a member who wrote within READ_PIN_MS (a Redis key, so every instance knows at once);
 * or the replica failed within REPLICA_RETRY_MS. Redis not answering about the pin means the primary.
 */
@Injectable()
export class ReadReplica implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  readonly pool: Pool | null;
  private downUntil = 0;
  /** Told once per outage: set by the first failure, cleared by the next read the replica answers. */
  private failing = false;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.pool = settings.databaseReadUrl ? readPool(settings.databaseReadUrl, settings) : null;
    if (this.pool) scoped = true;
  }

  /** The replica's pool for this read now, or null for the primary; `viewerId` counts only outside a request. */
  async poolFor(viewerId: number | null): Promise<Pool | null> {
    if (!this.pool || Date.now() < this.downUntil) return null;
    const scope = readScope.getStore();
    if (scope ? scope.primary : viewerId !== null && (await this.pinned(viewerId))) return null;
    return this.pool;
  }

  /** Whether the member wrote within READ_PIN_MS; true when Redis cannot tell. */
  private async pinned(userId: number): Promise<boolean> {
    try {
      return (await this.redis.exists(this.keys.readPin(userId))) > 0;
    } catch {
      return true;
    }
  }

  /** Keeps the member's reads on the primary for READ_PIN_MS (called before their write runs). */
  async pin(userId: number): Promise<void> {
    if (!this.pool) return;
    // Redis away: the write that follows fails on its own session or limits; nothing to keep.
    await this.redis.set(this.keys.readPin(userId), '1', 'PX', READ_PIN_MS).catch(() => undefined);
  }

  /**
   * Runs the rest of an API request with its reads routed by its acting user: a request that may
   * write pins the user first, and it and every request of theirs within READ_PIN_MS read the primary.
   */
  routeRequests(): RequestHandler {
    return (req, _res, next) => {
      const userId = req.session?.userId ?? null;
      const writes = !SAFE_METHODS.has(req.method);
      const decided = writes ? (userId === null ? Promise.resolve() : this.pin(userId)).then(() => true) : this.readsPrimaryFor(userId);
      void decided.then((primary) => readScope.run({ primary }, next));
    };
  }

  /** Runs a read-only request's `work` with its reads routed as routeRequests routes them (no replica: as it is). */
  async asReadBy<T>(userId: number | null, work: () => Promise<T>): Promise<T> {
    if (!this.pool) return work();
    const primary = await this.readsPrimaryFor(userId);
    return readScope.run({ primary }, work);
  }

  private readsPrimaryFor(userId: number | null): Promise<boolean> {
    return userId === null ? Promise.resolve(false) : this.pinned(userId);
  }

  get enabled(): boolean {
    return this.pool !== null;
  }

  /**
   * A read on the replica failed: true when it should run again on the primary. Unless the replica
   * only cancelled it for replay, the replica counts as down for REPLICA_RETRY_MS, so the reads
   * meanwhile go straight to the primary instead of each waiting for the failure.
   */
  failed(error: unknown): boolean {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && sameEverywhere(code)) return false;
    if (code !== RECOVERY_CONFLICT) {
      if (!this.failing) this.logger.warn(`Read replica failed (${(error as Error).message}); reads go to the primary until it answers again`);
      this.failing = true;
      this.downUntil = Date.now() + REPLICA_RETRY_MS;
    }
    return true;
  }

  /** A read on the replica succeeded. */
  answered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.logger.log('Read replica answers again');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
  }
}
