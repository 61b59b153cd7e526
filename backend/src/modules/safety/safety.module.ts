import { Module } from '@nestjs/common';
import { BlockRuleGuard } from './block-rule.guard';
import { BlockSteps } from './block-steps';
import { SafetyController } from './safety.controller';
import { SafetyRepository } from './safety.repository';
import { SafetyService } from './safety.service';

/**
 * Mutes, blocks, muted words and Not interested: owns user_mutes, user_blocks, muted_words and
 * post_not_interested. Other modules register their block steps (BlockSteps) and put the block rule
 * on their routes (BlockRule), so this module depends on none of them.
 */
@Module({ controllers: [SafetyController], providers: [SafetyRepository, SafetyService, BlockSteps, BlockRuleGuard], exports: [SafetyService, BlockSteps, BlockRuleGuard] })
export class SafetyModule {}
