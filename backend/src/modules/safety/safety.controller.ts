import { Controller, Res } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import type { Response } from 'express';
import { ROUTES, type BlockResult, type HiddenAccount, type MuteResult, type MutedWord, type MutedWordBody, type NotInterestedResult, type Page, type PageQuery } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import type { SessionUser } from '../../common/auth/session.types';
import { BlockRule } from './block-rule.guard';
import { SafetyService } from './safety.service';

/** The signed-in member's mutes, blocks, muted words and Not interested marks: always their own. */
@Controller()
@Auth()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Endpoint(ROUTES.safety.mutes)
  mutes(@AuthUser() user: SessionUser, @QueryOf() q: PageQuery): Promise<Page<HiddenAccount>> {
    return this.safety.list('user_mutes', user, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.safety.mute)
  mute(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<MuteResult> {
    return this.safety.mute(user, userId);
  }

  @Endpoint(ROUTES.safety.unmute)
  unmute(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<MuteResult> {
    return this.safety.unmute(user, userId);
  }

  @Endpoint(ROUTES.safety.blocks)
  blocks(@AuthUser() user: SessionUser, @QueryOf() q: PageQuery): Promise<Page<HiddenAccount>> {
    return this.safety.list('user_blocks', user, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.safety.block)
  block(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<BlockResult> {
    return this.safety.block(user, userId);
  }

  @Endpoint(ROUTES.safety.unblock)
  unblock(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<BlockResult> {
    return this.safety.unblock(user, userId);
  }

  @Endpoint(ROUTES.safety.mutedWords)
  mutedWords(@AuthUser() user: SessionUser): Promise<{ items: MutedWord[] }> {
    return this.safety.mutedWords(user);
  }

  /** 201 with the new word; 200 with the kept one when it was already muted. */
  @Endpoint(ROUTES.safety.addMutedWord)
  async addMutedWord(@AuthUser() user: SessionUser, @BodyOf() dto: MutedWordBody, @Res({ passthrough: true }) res: Response): Promise<MutedWord> {
    const { word, created } = await this.safety.addMutedWord(user, dto.word);
    res.status(created ? 201 : 200);
    return word;
  }

  @Endpoint(ROUTES.safety.removeMutedWord)
  removeMutedWord(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<{ success: true }> {
    return this.safety.removeMutedWord(user, id);
  }

  @Endpoint(ROUTES.safety.notInterested)
  @BlockRule({ kind: 'post', from: 'params', key: 'id' })
  notInterested(@AuthUser() user: SessionUser, @Params('id') postId: number): Promise<NotInterestedResult> {
    return this.safety.notInterested(user, postId);
  }

  @Endpoint(ROUTES.safety.interestedAgain)
  interestedAgain(@AuthUser() user: SessionUser, @Params('id') postId: number): Promise<NotInterestedResult> {
    return this.safety.interestedAgain(user, postId);
  }
}
