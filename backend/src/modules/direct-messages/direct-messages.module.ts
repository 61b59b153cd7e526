import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { DirectMessagesController } from './direct-messages.controller';
import { DirectMessagesRepository } from './direct-messages.repository';
import { DirectMessagesService } from './direct-messages.service';

/**
 * Direct messages (decision 0100): owns `conversations`, `conversation_members`, `dm_messages`,
 * `dm_hidden_messages`, `dm_reactions` and `dm_settings`. Its changes go out as `dm.*` domain events
 * (LivePushes, PushDelivery); it takes typing marks from sockets through RealtimeModule's
 * SocketMessages; moderation asks it for a reported message's context.
 */
@Module({
  imports: [MediaModule, RealtimeModule],
  controllers: [DirectMessagesController],
  providers: [DirectMessagesRepository, DirectMessagesService],
  exports: [DirectMessagesService],
})
export class DirectMessagesModule {}
