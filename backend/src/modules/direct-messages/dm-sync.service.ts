import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommitSweeper } from '../../common/db/commit-sweeper';
import { DomainEvents } from '../../common/events/domain-events';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { DirectMessagesRepository } from './direct-messages.repository';
import type { SweptMessageRow } from './direct-messages.sql';

/** How often each instance looks for newly committed messages: a lost push is caught up within this (plus one query). */
export const DM_SYNC_EVERY_MS = 3000;

/**
 * No message is lost to a connected socket: `dm:message` goes through the Redis adapter, so a socket
 * that stays connected while Redis restarts (or the emit is lost anywhere) would not hear of it. Every
 * instance sweeps the messages committed since its last sweep (CommitSweeper) and raises `dm.swept`
 * with each member's newest per conversation, which LivePushes tells this instance's own sockets
 * (`dm:sync`, no Redis); a client that lacks the message reads the conversation again.
 */
@Injectable()
export class DmSyncService extends CommitSweeper<SweptMessageRow> {
  constructor(
    private readonly repository: DirectMessagesRepository,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) settings: Settings,
  ) {
    super(new Logger('DmSync'), DM_SYNC_EVERY_MS, settings.role !== 'worker');
  }

  protected newestId(): Promise<number> {
    return this.repository.newestMessageId();
  }

  protected rowsSince(lastId: number, missingIds: number[], take: number): Promise<SweptMessageRow[]> {
    return this.repository.messagesSince(lastId, missingIds, take);
  }

  protected async announce(rows: SweptMessageRow[]): Promise<void> {
    const newest = new Map<string, { userId: number; conversationId: number; messageId: number }>();
    for (const row of rows) {
      for (const userId of row.member_ids) newest.set(`${userId}:${row.conversation_id}`, { userId: Number(userId), conversationId: Number(row.conversation_id), messageId: Number(row.id) });
    }
    if (newest.size) await this.events.emit('dm.swept', { syncs: [...newest.values()] });
  }
}
