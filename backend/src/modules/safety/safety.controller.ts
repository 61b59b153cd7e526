import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { BlockResult, HiddenAccount, MutedWord, MuteResult, NotInterestedResult, Page } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf, PageQueryDto } from '../../common/paging/page-query';
import { IdParam } from '../../common/validation';
import type { SessionUser } from '../../common/auth/session.types';
import { BlockRule } from './block-rule.guard';
import { MutedWordDto } from './safety.dto';
import { SafetyService } from './safety.service';

/** The signed-in member's mutes, blocks, muted words and Not interested marks: always their own. */
@Controller()
@Auth()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Get('mutes')
  mutes(@AuthUser() user: SessionUser, @Query() q: PageQueryDto): Promise<Page<HiddenAccount>> {
    return this.safety.list('user_mutes', user, limitOf(q), q.cursor);
  }

  @Post('mutes/:userId')
  @HttpCode(200)
  mute(@AuthUser() user: SessionUser, @Param('userId', IdParam()) userId: number): Promise<MuteResult> {
    return this.safety.mute(user, userId);
  }

  @Delete('mutes/:userId')
  unmute(@AuthUser() user: SessionUser, @Param('userId', IdParam()) userId: number): Promise<MuteResult> {
    return this.safety.unmute(user, userId);
  }

  @Get('blocks')
  blocks(@AuthUser() user: SessionUser, @Query() q: PageQueryDto): Promise<Page<HiddenAccount>> {
    return this.safety.list('user_blocks', user, limitOf(q), q.cursor);
  }

  @Post('blocks/:userId')
  @HttpCode(200)
  block(@AuthUser() user: SessionUser, @Param('userId', IdParam()) userId: number): Promise<BlockResult> {
    return this.safety.block(user, userId);
  }

  @Delete('blocks/:userId')
  unblock(@AuthUser() user: SessionUser, @Param('userId', IdParam()) userId: number): Promise<BlockResult> {
    return this.safety.unblock(user, userId);
  }

  @Get('muted-words')
  mutedWords(@AuthUser() user: SessionUser): Promise<{ items: MutedWord[] }> {
    return this.safety.mutedWords(user);
  }

  /** 201 with the new word; 200 with the kept one when it was already muted. */
  @Post('muted-words')
  async addMutedWord(@AuthUser() user: SessionUser, @Body() dto: MutedWordDto, @Res({ passthrough: true }) res: Response): Promise<MutedWord> {
    const { word, created } = await this.safety.addMutedWord(user, dto.word);
    res.status(created ? 201 : 200);
    return word;
  }

  @Delete('muted-words/:id')
  removeMutedWord(@AuthUser() user: SessionUser, @Param('id', IdParam()) id: number): Promise<{ success: true }> {
    return this.safety.removeMutedWord(user, id);
  }

  @Post('posts/:id/not-interested')
  @BlockRule({ kind: 'post', from: 'params', key: 'id' })
  @HttpCode(200)
  notInterested(@AuthUser() user: SessionUser, @Param('id', IdParam()) postId: number): Promise<NotInterestedResult> {
    return this.safety.notInterested(user, postId);
  }

  @Delete('posts/:id/not-interested')
  interestedAgain(@AuthUser() user: SessionUser, @Param('id', IdParam()) postId: number): Promise<NotInterestedResult> {
    return this.safety.interestedAgain(user, postId);
  }
}
