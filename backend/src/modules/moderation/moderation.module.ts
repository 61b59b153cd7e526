import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PostsModule } from '../posts/posts.module';
import { DirectMessagesModule } from '../direct-messages/direct-messages.module';
import { ModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Reports, the moderation queue and suspensions: owns `reports` and `suspensions`. */
@Module({
  imports: [PostsModule, IdentityModule, AuditModule, NotificationsModule, DirectMessagesModule],
  controllers: [ModerationController],
  providers: [ModerationRepository, ModerationService],
  exports: [ModerationService],
})
export class ModerationModule {}
