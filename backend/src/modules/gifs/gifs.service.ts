import { HttpException, HttpStatus, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES, type GifSearchResponse } from '@cloud9/contracts';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { GifQuery, gifQueryKey } from './gif-query';
import { GifProviderError, GiphyClient } from './giphy.client';

/** What Redis holds for one normalised request: the trimmed answer, or the error to replay. */
type CachedAnswer = { ok: true; body: GifSearchResponse } | { ok: false; status: number; error: string };

/**
 * GIF search and trending through the provider, cached in Redis per normalised request:
 * answers for GIF_CACHE_SECONDS (60), provider failures as a 502 for GIF_ERROR_CACHE_SECONDS (6).
 * Only requests that miss the cache count against RATE_LIMIT_GIFS (the provider key's quota).
 */
@Injectable()
export class GifsService {
  private readonly logger = new Logger(GifsService.name);
  /** Identical requests arriving together share one provider call. */
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly giphy: GiphyClient,
    private readonly limits: RateLimitsService,
  ) {}

  /** `requester`: the rate-limit subject of the client (its address). */
  async find(query: GifQuery, requester: string): Promise<GifSearchResponse> {
    if (!this.giphy.configured) throw new ServiceUnavailableException(MESSAGES.gifs.notConfigured);
    const key = this.keys.gifCache(gifQueryKey(query));
    const answer = (await this.cached(key)) ?? (await this.upstream(key, query, requester));
    if (!answer.ok) throw new HttpException(answer.error, answer.status);
    return answer.body;
  }

  private async cached(key: string): Promise<CachedAnswer | null> {
    try {
      const raw = await this.redis.get(key);
      return raw ? (JSON.parse(raw) as CachedAnswer) : null;
    } catch (error) {
      this.logger.warn(`GIF cache unreadable, asking the provider: ${(error as Error).message}`);
      return null;
    }
  }

  private async upstream(key: string, query: GifQuery, requester: string): Promise<CachedAnswer> {
    await this.limits.consume('gifs', requester);
    return this.shared(key, () => this.ask(key, query));
  }

  private shared(key: string, work: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async ask(key: string, query: GifQuery): Promise<CachedAnswer> {
    let answer: CachedAnswer;
    let seconds: number;
    try {
      answer = { ok: true, body: await this.giphy.fetch(query) };
      seconds = this.settings.gifCacheSeconds;
    } catch (error) {
      const reason = error instanceof GifProviderError ? error.message : `failed (${(error as Error).name})`;
      this.logger.warn(`GIF provider ${query.endpoint}: ${reason}`);
      answer = { ok: false, status: HttpStatus.BAD_GATEWAY, error: MESSAGES.gifs.providerError };
      seconds = this.settings.gifErrorCacheSeconds;
    }
    await this.redis.set(key, JSON.stringify(answer), 'EX', seconds).catch((error: Error) => this.logger.warn(`GIF cache not written: ${error.message}`));
    return answer;
  }
}
