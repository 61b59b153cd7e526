import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { HASHTAGS_QUEUE, TRENDING_JOB, type JobResult } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { TrendingService } from './trending.service';

/** One scheduler however many instances start (as the boost rotation). */
export const TRENDING_SCHEDULER = 'hashtags-trending';

/** Recomputes the trending hashtags every TRENDING_REFRESH_SECONDS. */
@Injectable()
export class TrendingJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly trending: TrendingService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(HASHTAGS_QUEUE, TRENDING_SCHEDULER, this.settings.trendingRefreshSeconds * 1000, TRENDING_JOB);
  }

  @JobHandler(HASHTAGS_QUEUE, TRENDING_JOB)
  refresh(): Promise<JobResult<typeof HASHTAGS_QUEUE, typeof TRENDING_JOB>> {
    return this.trending.refresh();
  }
}
