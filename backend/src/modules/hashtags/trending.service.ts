import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { withDefaultTopics, type TrendingTag, type TrendingTags } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { HashtagsRepository } from './hashtags.repository';

/** A stored list outlives this many refresh periods only when the job stopped running: then the defaults are answered. */
const KEPT_PERIODS = 3;

const isTrendingTag = (t: unknown): t is TrendingTag =>
  typeof t === 'object' && t !== null && typeof (t as TrendingTag).tag === 'string' && Number.isInteger((t as TrendingTag).count);

/**
 * Trending hashtags: the repeating `hashtags/trending` job (TrendingJobs) computes the list from the
 * last day's post_tags and stores it in Redis; GET /api/trending answers the stored list, one Redis
 * read. Without one (the job has not run yet, has stopped, or Redis is away) it answers the default
 * topics, so the endpoint always answers.
 */
@Injectable()
export class TrendingService {
  private readonly logger = new Logger(TrendingService.name);
  private readFailed = false;

  constructor(
    private readonly hashtags: HashtagsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Computes and stores the list; fails (and the job retries) when PostgreSQL or Redis is away. */
  async refresh(): Promise<TrendingTags> {
    const { trending, defaultCounts } = await this.hashtags.trending();
    const list: TrendingTags = { items: withDefaultTopics(trending, defaultCounts) };
    await this.redis.set(this.keys.trending, JSON.stringify(list), 'EX', KEPT_PERIODS * this.settings.trendingRefreshSeconds);
    return list;
  }

  async list(): Promise<TrendingTags> {
    try {
      const stored = await this.redis.get(this.keys.trending);
      this.readFailed = false;
      const parsed: unknown = stored ? JSON.parse(stored) : null;
      const items = (parsed as TrendingTags | null)?.items;
      if (Array.isArray(items) && items.every(isTrendingTag)) return { items };
    } catch (error) {
      if (!this.readFailed) this.logger.warn(`trending list not read, answering the default topics (${(error as Error).message})`);
      this.readFailed = true;
    }
    return { items: withDefaultTopics([]) };
  }
}
