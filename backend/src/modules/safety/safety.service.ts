import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  MESSAGES,
  normalizeMutedWord,
  SAFETY_RULES,
  type BlockResult,
  type HiddenAccount,
  type MutedWord,
  type MuteResult,
  type NotInterestedResult,
  type Page, SAFETY_MESSAGES } from '@cloud9/contracts';
import { InvalidationBus } from '../../common/cache/invalidation-bus';
import { decodeTimeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { limitLiteral } from '../../common/db/sql-params';
import { FollowsService, type SeveredFollows } from '../follows/follows.service';
import type { SessionUser } from '../users/session-user';
import { SafetyRepository } from './safety.repository';
import type { HideTable, MutedWordRow } from './safety.sql';

const toMutedWord = (r: MutedWordRow): MutedWord => ({ id: r.id, word: r.word, createdAt: r.created_at.toISOString() });

/** A foreign key that fails names something missing: the account or the post acted on. */
async function orNotFound<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(message);
    throw error;
  }
}

/**
 * What a member hides: accounts they mute or block, words and phrases, posts they are not interested
 * in. Every change is idempotent and acts for the session's user only; a block also ends the follows
 * between the two accounts, both ways, in its own transaction (counters and follow alerts with them).
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly safety: SafetyRepository,
    private readonly follows: FollowsService,
    private readonly caches: InvalidationBus,
  ) {}

  /** After a change of what `viewers` hide has committed: their hidden sets and page copies, on every instance. */
  private async changed(changed: boolean, ...viewers: number[]): Promise<void> {
    if (changed) await this.caches.publish({ viewers });
  }

  async mute(user: SessionUser, targetId: number): Promise<MuteResult> {
    if (targetId === user.id) throw new BadRequestException(SAFETY_MESSAGES.cannotMuteSelf);
    await this.changed(await orNotFound(this.safety.hide('user_mutes', user.id, targetId), MESSAGES.profile.userNotFound), user.id);
    return { success: true, muted: true };
  }

  async unmute(user: SessionUser, targetId: number): Promise<MuteResult> {
    await this.changed(await this.safety.unhide('user_mutes', user.id, targetId), user.id);
    return { success: true, muted: false };
  }

  async block(user: SessionUser, targetId: number): Promise<BlockResult> {
    if (targetId === user.id) throw new BadRequestException(SAFETY_MESSAGES.cannotBlockSelf);
    const severed = await orNotFound(
      this.safety.transaction(async (trx): Promise<SeveredFollows | null> => {
        const added = await this.safety.hide('user_blocks', user.id, targetId, trx);
        return added ? this.follows.severBetween(trx, user.id, targetId) : null;
      }),
      MESSAGES.profile.userNotFound,
    );
    // A block hides both ways: both accounts' hidden sets change.
    await this.changed(severed !== null, user.id, targetId);
    if (severed) await this.follows.announceSevered(severed);
    return { success: true, blocked: true };
  }

  async unblock(user: SessionUser, targetId: number): Promise<BlockResult> {
    await this.changed(await this.safety.unhide('user_blocks', user.id, targetId), user.id, targetId);
    return { success: true, blocked: false };
  }

  /** The accounts the member mutes or blocks, newest first. */
  async list(table: HideTable, user: SessionUser, limit: number, cursor?: string): Promise<Page<HiddenAccount>> {
    const after = decodeTimeCursor(cursor);
    const values: unknown[] = [user.id, ...(after ? [after.time, after.id] : [])];
    const rows = await this.safety.hiddenPage(table, values, !!after, limitLiteral(limit + 1));
    return toPage(rows, limit, (r) => ({ id: r.id, username: r.username, name: r.name, thumbnail: r.thumbnail, createdAt: r.created_at.toISOString() }), timeCursorOf);
  }

  async mutedWords(user: SessionUser): Promise<{ items: MutedWord[] }> {
    return { items: (await this.safety.mutedWords(user.id)).map(toMutedWord) };
  }

  /** The word as kept, and whether it is new (a word already muted, in any case, is answered as it is). */
  async addMutedWord(user: SessionUser, raw: unknown): Promise<{ word: MutedWord; created: boolean }> {
    const word = normalizeMutedWord(raw);
    if (word === null) throw new BadRequestException(SAFETY_MESSAGES.mutedWordInvalid);
    return this.safety.transaction(async (trx) => {
      await this.safety.lockOwner(trx, user.id);
      const existing = await this.safety.mutedWord(trx, user.id, word);
      if (existing) return { word: toMutedWord(existing), created: false };
      if ((await this.safety.countMutedWords(trx, user.id)) >= SAFETY_RULES.mutedWordsMax) throw new ConflictException(SAFETY_MESSAGES.tooManyMutedWords);
      const added = await this.safety.addMutedWord(trx, user.id, word);
      return { word: toMutedWord(added!), created: true };
    }).then(async (result) => {
      await this.changed(result.created, user.id);
      return result;
    });
  }

  async removeMutedWord(user: SessionUser, id: number): Promise<{ success: true }> {
    if (!(await this.safety.removeMutedWord(user.id, id))) throw new NotFoundException(SAFETY_MESSAGES.mutedWordNotFound);
    await this.changed(true, user.id);
    return { success: true };
  }

  async notInterested(user: SessionUser, postId: number): Promise<NotInterestedResult> {
    await this.changed(await orNotFound(this.safety.markNotInterested(user.id, postId), MESSAGES.post.notFoundOrDeleted), user.id);
    return { success: true, notInterested: true };
  }

  async interestedAgain(user: SessionUser, postId: number): Promise<NotInterestedResult> {
    await this.changed(await this.safety.unmarkNotInterested(user.id, postId), user.id);
    return { success: true, notInterested: false };
  }
}
