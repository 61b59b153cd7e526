import { Controller } from '@nestjs/common';
import { Endpoint } from '../../common/endpoint';
import { ROUTES, type TrendingTags } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { TrendingService } from './trending.service';

/** The trending hashtags: the same for everyone, so any cache may keep the answer (revalidated by ETag). */
@Controller()
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  @Endpoint(ROUTES.trending.list)
  @PublicAnswer()
  list(): Promise<TrendingTags> {
    return this.trending.list();
  }
}
