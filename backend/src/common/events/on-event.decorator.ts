import { SetMetadata } from '@nestjs/common';
import type { EventName, EventPayload } from './event-map';

export const ON_EVENT = 'cloud9:on-event';

/**
 * When a subscriber runs among those of the same event: lower first, each step awaited before the
 * next. The caches go first, so that whoever is told of a change (a socket push) and reads again
 * finds it on every instance.
 */
export const EventOrder = {
  caches: 0,
  pushes: 10,
} as const;

/** Which event a method subscribes to (read at start-up by findSubscribers, from DomainEvents.onModuleInit). */
export interface EventSubscription {
  name: EventName;
  order: number;
}

/** A method that can take event `N`: its payload in, nothing out (a promise is awaited). */
export type EventSubscriberMethod<N extends EventName> = (payload: EventPayload<N>) => void | Promise<void>;

/**
 * Marks a provider's method as a subscriber of one domain event; a method whose parameter does not
 * fit the event's payload does not compile. Every declared event has a subscriber, or start-up fails.
 */
export function OnEvent<N extends EventName>(name: N, options: { order: number } = { order: EventOrder.pushes }) {
  const subscription: EventSubscription = { name, order: options.order };
  return <M extends EventSubscriberMethod<N>>(prototype: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    SetMetadata(ON_EVENT, subscription)(prototype, key, descriptor);
  };
}
