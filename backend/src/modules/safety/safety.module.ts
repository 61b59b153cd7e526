import { Module } from '@nestjs/common';
import { FollowsModule } from '../follows/follows.module';
import { HidingService } from './hiding.service';
import { SafetyController } from './safety.controller';
import { SafetyRepository } from './safety.repository';
import { SafetyService } from './safety.service';

/**
 * Mutes, blocks, muted words and Not interested: owns user_mutes, user_blocks, muted_words and
 * post_not_interested; HidingService gives every list of posts what its viewer does not see.
 */
@Module({ imports: [FollowsModule], controllers: [SafetyController], providers: [HidingService, SafetyRepository, SafetyService], exports: [HidingService] })
export class SafetyModule {}
