import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { DirectMessagesController } from './direct-messages.controller';
import { DirectMessagesRepository } from './direct-messages.repository';
import { DirectMessagesService } from './direct-messages.service';
import { DmHotReads } from './dm-hot-reads';
import { DmReadCache } from './dm-read-cache';
import { DmSyncService } from './dm-sync.service';

/**
 * Direct messages (decision 0100): owns `conversations`, `conversation_members`, `dm_messages`,
 * `dm_hidden_messages`, `dm_reactions` and `dm_settings`. Its changes go out as `dm.*` domain events
 * (LivePushes, PushDelivery); it takes typing marks from sockets through RealtimeModule's
 * SocketMessages; DmSyncService tells each instance's sockets of messages committed lately (a lost push
 * caught up); DmReadCache keeps members' reads in memory and DmHotReads answers them on the lighter
 * path; moderation asks it for a reported message's context.
 */
@Module({
  imports: [MediaModule, RealtimeModule],
  controllers: [DirectMessagesController],
  providers: [DirectMessagesRepository, DirectMessagesService, DmReadCache, DmHotReads, DmSyncService],
  exports: [DirectMessagesService],
})
export class DirectMessagesModule {}
