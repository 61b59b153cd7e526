import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DomainEvents } from './domain-events';
import { DECLARED_EVENTS, type EventName, type EventPayload } from './event-map';
import { EventSubscribersError } from './event-subscribers';
import { EventOrder, OnEvent } from './on-event.decorator';

/** What the test subscribers heard, in order. */
const heard: string[] = [];

/** A subscriber of every declared event but `post.reacted` (its method is generated below). */
@Injectable()
class EveryEventButReactions {}
for (const name of Object.keys(DECLARED_EVENTS) as EventName[]) {
  if (name === 'post.reacted') continue;
  const key = `on_${name}`;
  Object.defineProperty(EveryEventButReactions.prototype, key, { value: () => heard.push(name), writable: true, configurable: true });
  const descriptor = Object.getOwnPropertyDescriptor(EveryEventButReactions.prototype, key)!;
  OnEvent(name)(EveryEventButReactions.prototype, key, descriptor as TypedPropertyDescriptor<() => void>);
}

@Injectable()
class ReactionPushes {
  @OnEvent('post.reacted')
  pushed({ postId, likes }: EventPayload<'post.reacted'>): void {
    heard.push(`push ${postId} likes=${likes}`);
  }
}

@Injectable()
class ReactionCaches {
  @OnEvent('post.reacted', { order: EventOrder.caches })
  async invalidated({ postId }: EventPayload<'post.reacted'>): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 20)); // a Redis round trip: the pushes still wait for it
    heard.push(`cache ${postId}`);
  }
}

@Injectable()
class FailingReactionSubscriber {
  @OnEvent('post.reacted')
  fails(): void {
    throw new Error('socket server away');
  }
}

async function boot(...subscribers: Type[]): Promise<DomainEvents> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [DomainEvents, ...subscribers] }).compile();
  await moduleRef.init();
  return moduleRef.get(DomainEvents);
}

/** A stand-in for the database's transaction: runs the work with a fresh transaction object, then commits or fails. */
const transaction = (outcome: 'commit' | 'rollback') => async <T>(work: (trx: object) => Promise<T>): Promise<T> => {
  const result = await work({});
  heard.push(`${outcome} done`);
  if (outcome === 'rollback') throw new Error('rolled back');
  return result;
};

describe('domain events', () => {
  beforeEach(() => {
    heard.length = 0;
  });

  it('refuses to boot when a declared event has no subscriber', async () => {
    const booting = boot(EveryEventButReactions);
    await expect(booting).rejects.toBeInstanceOf(EventSubscribersError);
    await expect(booting).rejects.toThrow('Domain events without a subscriber: post.reacted');
  });

  it('dispatches the events raised in a transaction only once it has committed, caches first', async () => {
    const events = await boot(EveryEventButReactions, ReactionPushes, ReactionCaches);
    const result = await events.collecting(transaction('commit'), async (trx) => {
      events.add(trx, 'post.reacted', { postId: 7, likes: 3 });
      events.add(trx, 'viewer.changed', { viewerIds: [1] });
      expect(heard).toEqual([]); // nothing before the commit
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(heard).toEqual(['commit done', 'cache 7', 'push 7 likes=3', 'viewer.changed']);
  });

  it('drops the events of a transaction that rolls back', async () => {
    const events = await boot(EveryEventButReactions, ReactionPushes, ReactionCaches);
    const failed = events.collecting(transaction('rollback'), async (trx) => {
      events.add(trx, 'post.reacted', { postId: 7, likes: 3 });
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(heard).toEqual(['rollback done']);
  });

  it('dispatches an event raised outside a transaction at once, and refuses one raised on an object no transaction opened', async () => {
    const events = await boot(EveryEventButReactions, ReactionPushes, ReactionCaches);
    await events.emit('post.reacted', { postId: 9, likes: 1 });
    expect(heard).toEqual(['cache 9', 'push 9 likes=1']);
    expect(() => events.add({}, 'post.changed', { postId: 9 })).toThrow('post.changed raised on a transaction the database did not open');
  });

  it('runs every subscriber even when one fails, and does not fail the write', async () => {
    const events = await boot(EveryEventButReactions, FailingReactionSubscriber, ReactionPushes, ReactionCaches);
    await expect(events.emit('post.reacted', { postId: 5, likes: 2 })).resolves.toBeUndefined();
    expect(heard).toEqual(['cache 5', 'push 5 likes=2']);
  });
});
