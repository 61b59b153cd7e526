import { Module } from '@nestjs/common';
import { FeedService } from './feed.service';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { ProfilePostsController } from './profile-posts.controller';
import { ReactionsService } from './reactions.service';

/** Posts, replies, reactions, feeds and profile lists. MediaService comes from the global MediaModule. */
@Module({
  controllers: [PostsController, ProfilePostsController],
  providers: [FeedService, PostsRepository, PostsService, ReactionsService],
  exports: [FeedService, PostsRepository],
})
export class PostsModule {}
