import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DECLARED_EVENTS, type EventName } from './event-map';
import { ON_EVENT, type EventSubscription } from './on-event.decorator';

/** A declared event nobody subscribes to: what it changed would reach nobody. */
export class EventSubscribersError extends Error {
  constructor(unheard: string[]) {
    super(`Domain events without a subscriber: ${unheard.join(', ')}`);
    this.name = 'EventSubscribersError';
  }
}

/** One @OnEvent method, bound to its provider. */
export interface FoundSubscriber extends EventSubscription {
  /** Provider.method, for the logs. */
  where: string;
  handle: (payload: unknown) => void | Promise<void>;
}

/**
 * Every @OnEvent method of the app's providers, by event, each event's in their order; throws
 * EventSubscribersError unless every declared event has at least one.
 */
export function findSubscribers(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): Map<EventName, FoundSubscriber[]> {
  const found: FoundSubscriber[] = [];
  const seen = new Set<object>();
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    // Request-scoped providers have no instance to call; an alias is a provider seen again.
    if (!instance || typeof instance !== 'object' || wrapper.isAlias || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
    seen.add(instance);
    const methods = instance as Record<string, unknown>;
    for (const key of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const method = methods[key];
      if (typeof method !== 'function') continue;
      const subscription = reflector.get<EventSubscription | undefined>(ON_EVENT, method);
      if (subscription) found.push({ ...subscription, where: `${instance.constructor.name}.${key}`, handle: (payload) => method.call(instance, payload) });
    }
  }
  const byName = new Map<EventName, FoundSubscriber[]>();
  for (const name of Object.keys(DECLARED_EVENTS) as EventName[]) {
    const subscribers = found.filter((s) => s.name === name).sort((a, b) => a.order - b.order);
    if (subscribers.length) byName.set(name, subscribers);
  }
  const unheard = (Object.keys(DECLARED_EVENTS) as EventName[]).filter((name) => !byName.has(name));
  if (unheard.length) throw new EventSubscribersError(unheard);
  return byName;
}
