import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** Follow/unfollow, follower and following lists. */
@Module({ imports: [NotificationsModule, UsersModule], controllers: [FollowsController], providers: [FollowsRepository, FollowsService], exports: [FollowsService] })
export class FollowsModule {}
