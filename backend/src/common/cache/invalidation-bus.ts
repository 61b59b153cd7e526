import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { failFastRedisOptions, REDIS } from '../redis.module';

/**
 * A post's count as a write committed it: an absolute value, never a delta, so a lost or repeated
 * message cannot add up wrong, with the write's `version` (higher for a later write of the post), so a
 * late one is known as late (SharedPageCache decides whether a page can take it). A like or repost
 * also names its member and their flag now, which their own copies of pages show.
 */
export interface CountChange {
  post: number;
  likes?: number;
  reposts?: number;
  replies?: number;
  /** Present with a count. */
  version?: number;
  viewer?: number;
  liked?: boolean;
  reposted?: boolean;
}

/** What changed, in the terms the in-process caches are keyed by. */
export interface Invalidation {
  /** Everything cached may be wrong (a new post, boosts changed, an account deleted, a restore). */
  all?: boolean;
  /** Posts whose shown fields changed other than their counts: text, deletion. */
  posts?: number[];
  /** Posts whose counts changed (a like, repost or reply), with their new values: pages showing them are patched, not dropped. */
  counts?: CountChange[];
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
  /** Direct-message conversations whose messages, reactions or members changed: their pages, as every member sees them. */
  conversations?: number[];
  /** Members whose conversation lists or unread counts changed (a message, a read mark, a request accepted, a mute). */
  inboxes?: number[];
}

type Listener = (change: Invalidation) => void;

/** A change as it travels: which instance sent it, and its number there (so the sender knows its own echo). */
type Message = Invalidation & { origin?: string; seq?: number };

/**
 * Tells every instance's in-process caches what changed, through Redis pub/sub. The instance that
 * made the change applies it at once, then publishes it after its commit and waits (up to
 * REDIS_COMMAND_TIMEOUT_MS from the start) for its own subscription to hear it back; the others
 * apply it when the message arrives, which is before any later request of the same client can reach
 * them. Redis answers PUBLISH before it writes the message to the subscribers, so on a busy machine
 * the answer alone let the client's next request reach another instance first; the echo is written
 * in the same pass as every other subscriber's copy.
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
  private readonly origin = randomUUID();
  private seq = 0;
  /** The publishes waiting for their echo, by number: each settles its wait. */
  private readonly echoes = new Map<number, () => void>();

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
    // Once: Nest calls the hooks of every provider that resolves to this instance (CacheChanges too),
    // and a second subscriber would outlive the shutdown, keeping the process alive.
    if (this.subscriber) return;
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
      let change: Message | null;
      try {
        change = JSON.parse(message) as Message | null;
      } catch {
        change = null;
      }
      if (typeof change !== 'object' || change === null) return this.deliver({ all: true });
      const { origin, seq, ...rest } = change;
      if (origin === this.origin) return this.echoes.get(seq!)?.(); // applied when it was published
      this.deliver(rest);
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
    const seq = ++this.seq;
    const echo = this.subscribed ? this.echoOf(seq) : undefined;
    try {
      await this.redis.publish(this.channel, JSON.stringify({ ...change, origin: this.origin, seq } satisfies Message));
      this.publishFailed = false;
      await echo;
    } catch (error) {
      if (!this.publishFailed) this.logger.warn(`cache invalidation not published (${(error as Error).message})`);
      this.publishFailed = true;
    } finally {
      this.echoes.get(seq)?.();
    }
  }

  /** Settles when this instance hears message `seq` back, or after REDIS_COMMAND_TIMEOUT_MS (a subscription lost meanwhile). */
  private echoOf(seq: number): Promise<void> {
    return new Promise((resolve) => {
      const settle = () => {
        clearTimeout(timer);
        this.echoes.delete(seq);
        resolve();
      };
      const timer = setTimeout(settle, this.settings.redisCommandTimeoutMs);
      this.echoes.set(seq, settle);
    });
  }

  private deliver(change: Invalidation): void {
    for (const listener of this.listeners) listener(change);
  }
}
