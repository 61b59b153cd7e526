import { HttpException, HttpStatus, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES, type GifCategoriesResponse, type GifRandomResponse, type GifSearchResponse } from '@cloud9/contracts';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { EVERYONE } from '../../common/rate-limit/subjects';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { GifQuery, gifQueryKey, GifRandomQuery, PingbackId } from './gif-query';
import { GifProviderError } from './giphy-answers';
import { GiphyClient } from './giphy.client';

/** 451 Unavailable For Legal Reasons: the provider refuses requests from our region (Nest has no name for it). */
const LOCATION_BLOCKED = 451;

/** What Redis holds for one normalised request: the trimmed answer, or the error to replay. */
type CachedAnswer<T> = { ok: true; body: T } | { ok: false; status: number; error: string };

/**
 * GIF lists (search, trending, related, emoji) and categories through the provider, cached in Redis
 * per normalised request: answers for GIF_CACHE_SECONDS (60), provider failures for
 * GIF_ERROR_CACHE_SECONDS (6) — a 451 with the location text when the provider refuses our region,
 * else a 502. Random GIFs are never cached (each ask is a new draw). Only requests that reach the
 * provider count against RATE_LIMIT_GIFS and RATE_LIMIT_GIFS_GLOBAL (the provider key's quota).
 */
@Injectable()
export class GifsService {
  private readonly logger = new Logger(GifsService.name);
  /** Identical requests arriving together share one provider call. */
  private readonly inFlight = new Map<string, Promise<CachedAnswer<unknown>>>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly giphy: GiphyClient,
    private readonly limits: RateLimitsService,
  ) {}

  /** `requester`: the rate-limit subject of the client (its address). */
  find(query: GifQuery, pingbackId: PingbackId, requester: string): Promise<GifSearchResponse> {
    return this.cachedCall(gifQueryKey(query), query.endpoint, requester, () => this.giphy.fetchList(query, pingbackId));
  }

  categories(requester: string): Promise<GifCategoriesResponse> {
    return this.cachedCall('categories', 'categories', requester, () => this.giphy.fetchCategories());
  }

  async random(query: GifRandomQuery, pingbackId: PingbackId, requester: string): Promise<GifRandomResponse> {
    this.assertConfigured();
    await this.spendBudgets(requester);
    const answer = await this.ask('random', () => this.giphy.fetchRandom(query, pingbackId));
    if (!answer.ok) throw new HttpException(answer.error, answer.status);
    return answer.body;
  }

  private assertConfigured(): void {
    if (!this.giphy.configured) throw new ServiceUnavailableException(MESSAGES.gifs.notConfigured);
  }

  private async cachedCall<T>(request: string, what: string, requester: string, call: () => Promise<T>): Promise<T> {
    this.assertConfigured();
    const key = this.keys.gifCache(request);
    let answer = await this.cached<T>(key);
    if (!answer) {
      await this.spendBudgets(requester);
      answer = await this.shared(key, async () => {
        const fresh = await this.ask(what, call);
        const seconds = fresh.ok ? this.settings.gifCacheSeconds : this.settings.gifErrorCacheSeconds;
        await this.redis.set(key, JSON.stringify(fresh), 'EX', seconds).catch((error: Error) => this.logger.warn(`GIF cache not written: ${error.message}`));
        return fresh;
      });
    }
    if (!answer.ok) throw new HttpException(answer.error, answer.status);
    return answer.body;
  }

  /**
   * A provider call spends the caller's budget (RATE_LIMIT_GIFS, per address), then the one every
   * caller shares (RATE_LIMIT_GIFS_GLOBAL), which keeps the key's quota for everyone: one address
   * cannot spend more of it than its own limit, and a caller refused by the shared budget gets its
   * own point back (it cost the provider nothing).
   */
  private async spendBudgets(requester: string): Promise<void> {
    await this.limits.consume('gifs', requester);
    try {
      await this.limits.consume('gifsGlobal', EVERYONE);
    } catch (refused) {
      await this.limits.refund('gifs', requester);
      throw refused;
    }
  }

  private async cached<T>(key: string): Promise<CachedAnswer<T> | null> {
    try {
      const raw = await this.redis.get(key);
      return raw ? (JSON.parse(raw) as CachedAnswer<T>) : null;
    } catch (error) {
      this.logger.warn(`GIF cache unreadable, asking the provider: ${(error as Error).message}`);
      return null;
    }
  }

  private shared<T>(key: string, work: () => Promise<CachedAnswer<T>>): Promise<CachedAnswer<T>> {
    const running = this.inFlight.get(key) as Promise<CachedAnswer<T>> | undefined;
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /** One provider call, its failure turned into the answer the client gets. */
  private async ask<T>(what: string, call: () => Promise<T>): Promise<CachedAnswer<T>> {
    try {
      return { ok: true, body: await call() };
    } catch (error) {
      const reason = error instanceof GifProviderError ? error.message : `failed (${(error as Error).name})`;
      this.logger.warn(`GIF provider ${what}: ${reason}`);
      if (error instanceof GifProviderError && error.location) {
        return { ok: false, status: LOCATION_BLOCKED, error: MESSAGES.gifs.locationError };
      }
      return { ok: false, status: HttpStatus.BAD_GATEWAY, error: MESSAGES.gifs.providerError };
    }
  }
}
