import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { SafetyModule } from '../safety/safety.module';
import { UsersModule } from '../users/users.module';
import { FollowsController } from './follows.controller';
import { FollowsOnBlock } from './follows-on-block';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** Follow/unfollow, follower and following lists; a block ends follows through FollowsOnBlock. */
@Module({
  imports: [NotificationsModule, SafetyModule, UsersModule],
  controllers: [FollowsController],
  providers: [FollowsRepository, FollowsService, FollowsOnBlock],
  exports: [FollowsService],
})
export class FollowsModule {}
