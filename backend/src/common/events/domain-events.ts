import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { EventName, EventPayload, RaisedEvent } from './event-map';
import { findSubscribers, type FoundSubscriber } from './event-subscribers';

/**
 * Writes declare what they changed; subscribers do the rest. A write raises its events on its
 * transaction (`add`): they wait there and are dispatched once it has committed, never when it rolls
 * back. A write outside a transaction (Redis, a single statement) raises them with `emit`, after it
 * is done. Either way the write's own call returns only once every subscriber has run, the caches'
 * first (EventOrder): a client's next request, on any instance, sees the change. A subscriber that
 * fails is logged, not thrown: the change has happened, and the other subscribers still run.
 */
@Injectable()
export class DomainEvents implements OnModuleInit {
  private readonly logger = new Logger(DomainEvents.name);
  /** The events each open transaction raised so far, by the transaction object. */
  private readonly pending = new WeakMap<object, RaisedEvent[]>();
  private subscribers = new Map<EventName, FoundSubscriber[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Start-up fails (EventSubscribersError) when a declared event has no subscriber. */
  onModuleInit(): void {
    this.subscribers = findSubscribers(this.discovery, this.scanner, this.reflector);
  }

  /**
   * Runs `work` in the transaction `begin` opens; the events raised on it are dispatched once `begin`
   * has resolved (committed), and dropped when it rejects (rolled back).
   */
  async collecting<T, Trx extends object>(begin: (work: (trx: Trx) => Promise<T>) => Promise<T>, work: (trx: Trx) => Promise<T>): Promise<T> {
    const raised: RaisedEvent[] = [];
    const result = await begin((trx) => {
      this.pending.set(trx, raised);
      return work(trx);
    });
    await this.dispatch(raised);
    return result;
  }

  /** Raises `name` in the transaction `trx` (one opened through the database): dispatched after its commit. */
  add<N extends EventName>(trx: object, name: N, payload: EventPayload<N>): void {
    const raised = this.pending.get(trx);
    if (!raised) throw new Error(`${name} raised on a transaction the database did not open: its dispatch would be lost`);
    raised.push({ name, payload } as RaisedEvent);
  }

  /** Raises `name` for a change already done outside any transaction: dispatched now. */
  emit<N extends EventName>(name: N, payload: EventPayload<N>): Promise<void> {
    return this.dispatch([{ name, payload } as RaisedEvent]);
  }

  /** Every subscriber of every event, a step of EventOrder at a time (the events of one step together). */
  private async dispatch(events: RaisedEvent[]): Promise<void> {
    const calls = events.flatMap((event) => (this.subscribers.get(event.name) ?? []).map((subscriber) => ({ event, subscriber })));
    const orders = [...new Set(calls.map((c) => c.subscriber.order))].sort((a, b) => a - b);
    for (const order of orders) {
      await Promise.all(calls.filter((c) => c.subscriber.order === order).map(({ event, subscriber }) => this.deliver(event, subscriber)));
    }
  }

  private async deliver(event: RaisedEvent, subscriber: FoundSubscriber): Promise<void> {
    try {
      await subscriber.handle(event.payload);
    } catch (error) {
      this.logger.error(`${event.name}: ${subscriber.where} failed (${(error as Error).message})`);
    }
  }
}
