import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { failFastRedisOptions, REDIS } from '../redis.module';

/** What changed, in the terms the in-process caches are keyed by. */
export interface Invalidation {
  /** Everything cached may be wrong (a new post, boosts changed, an account deleted, a restore). */
  all?: boolean;
  /** Posts whose shown fields changed: counts, text, deletion. */
  posts?: number[];
  /** A post's text changed, or a post or reply came or went: lists chosen by matching text (search) may differ anywhere. */
  matches?: boolean;
  /** Viewers whose own flags on posts, or whose hidden accounts, words or posts, changed: their copies of pages and what they hide. */
  viewers?: number[];
  /** Accounts whose row changed: profile, group, counters, password, deletion. */
  users?: number[];
  /** An account was suspended or its suspension lifted: what everyone is hidden changed. */
  suspensions?: boolean;
  /** Sessions written or ended (sign-out, password change, account deletion). */
  sessions?: string[];
}

type Listener = (change: Invalidation) => void;

/**
 * Tells every instance's in-process caches what changed, through Redis pub/sub. The instance that
 * made the change applies it at once, then publishes it after its commit; the others apply it when
 * the message arrives, which is before any later request of the same client can reach them.
 *
 * A cache may only serve entries while `live`: this instance is subscribed, so it hears every
 * other instance's changes. Whenever the subscription drops (Redis away, restarting) or comes back,
 * every listener is told `all`, since messages may have been missed meanwhile. Caches also bound
 * each entry's life, for the one failure pub/sub cannot see: a Redis that stops answering without
 * closing the connection.
 */
@Injectable()
export class InvalidationBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(InvalidationBus.name);
  private readonly listeners: Listener[] = [];
  private subscriber?: Redis;
  private subscribed = false;
  private publishFailed = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  private get channel(): string {
    return `${this.settings.redisPrefix}cache-invalidation`;
  }

  /** True while this instance hears every other instance's changes (caches may serve entries). */
  get live(): boolean {
    return this.subscribed;
  }

  onModuleInit(): void {
    // Its own connection: a subscribed connection can run no other command.
    const subscriber = this.redis.duplicate(failFastRedisOptions(this.settings));
    this.subscriber = subscriber;
    const lost = () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      this.deliver({ all: true });
    };
    subscriber.on('close', lost);
    subscriber.on('end', lost);
    subscriber.on('error', () => undefined); // ioredis reconnects; `close` above already turned caching off
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        this.deliver(JSON.parse(message) as Invalidation);
      } catch {
        this.deliver({ all: true });
      }
    });
    // Live only once SUBSCRIBE is acknowledged on this connection (Redis treats a repeated one as a no-op).
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => {
          this.deliver({ all: true });
          this.subscribed = true;
        },
        () => undefined, // the connection dropped again: the next `ready` retries
      );
    });
  }

  onApplicationShutdown(): void {
    this.subscribed = false;
    this.subscriber?.disconnect();
  }

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * Applies `change` here at once, then to every other instance. Call it after the change has
   * committed. A failed publish is logged, never thrown: the change itself has happened, and the
   * other instances' subscriptions are down too when Redis is (their caches are then off).
   */
  async publish(change: Invalidation): Promise<void> {
    this.deliver(change);
    try {
      await this.redis.publish(this.channel, JSON.stringify(change));
      this.publishFailed = false;
    } catch (error) {
      if (!this.publishFailed) this.logger.warn(`cache invalidation not published (${(error as Error).message})`);
      this.publishFailed = true;
    }
  }

  private deliver(change: Invalidation): void {
    for (const listener of this.listeners) listener(change);
  }
}
