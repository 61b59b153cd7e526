import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { FeedService } from './feed.service';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { ProfilePostsController } from './profile-posts.controller';
import { ReactionsService } from './reactions.service';

/** Posts, replies, reactions, feeds and profile lists. */
@Module({
  imports: [MediaModule, NotificationsModule],
  controllers: [PostsController, ProfilePostsController],
  providers: [FeedService, PostsService, ReactionsService],
  exports: [FeedService],
})
export class PostsModule {}
