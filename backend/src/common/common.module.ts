import { Global, Module } from '@nestjs/common';
import { RateLimiterService } from './rate-limiter.service';
import { SqlService } from './sql.service';

@Global()
@Module({ providers: [RateLimiterService, SqlService], exports: [RateLimiterService, SqlService] })
export class CommonModule {}
