import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { HashtagsRepository } from './hashtags.repository';
import { TrendingController } from './trending.controller';
import { TrendingJobs } from './trending.jobs';
import { TrendingService } from './trending.service';

/**
 * Trending hashtags (the repeating job 'hashtags/trending' and GET /api/trending). Owns no table: it
 * reads post_tags, which the posts module writes with each post; the list lives in Redis. The
 * hashtag feed itself is a feed (GET /api/posts?tag=, posts module).
 */
@Module({
  imports: [JobsModule],
  controllers: [TrendingController],
  providers: [HashtagsRepository, TrendingService, TrendingJobs],
})
export class HashtagsModule {}
