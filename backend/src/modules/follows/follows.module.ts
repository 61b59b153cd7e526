import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** Follow/unfollow, follower and following lists. */
@Module({ imports: [NotificationsModule], controllers: [FollowsController], providers: [FollowsRepository, FollowsService], exports: [FollowsService] })
export class FollowsModule {}
