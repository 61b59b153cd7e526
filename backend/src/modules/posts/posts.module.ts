import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SafetyModule } from '../safety/safety.module';
import { UsersModule } from '../users/users.module';
import { FeedHotRead } from './feed-hot-read';
import { FeedService } from './feed.service';
import { SharedPageCache } from './shared-page-cache';
import { PostCountersOnAccountDeletion } from './post-counters-on-account-deletion';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { ProfilePostsController } from './profile-posts.controller';
import { ReactionsService } from './reactions.service';

/** Posts, replies, reactions, feeds and profile lists. */
@Module({
  imports: [MediaModule, NotificationsModule, SafetyModule, UsersModule],
  controllers: [PostsController, ProfilePostsController],
  providers: [FeedHotRead, FeedService, SharedPageCache, PostCountersOnAccountDeletion, PostsRepository, PostsService, ReactionsService],
  exports: [FeedService, PostsService, SharedPageCache],
})
export class PostsModule {}
