import { Module } from '@nestjs/common';
import { FollowsModule } from '../follows/follows.module';
import { SafetyController } from './safety.controller';
import { SafetyRepository } from './safety.repository';
import { SafetyService } from './safety.service';

/** Mutes, blocks, muted words and Not interested: owns user_mutes, user_blocks, muted_words and post_not_interested. */
@Module({ imports: [FollowsModule], controllers: [SafetyController], providers: [SafetyRepository, SafetyService] })
export class SafetyModule {}
