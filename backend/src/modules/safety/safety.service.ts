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
import { decodeTimeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { limitLiteral } from '../../common/db/sql-params';
import type { Db } from '../../common/db/database';
import type { SessionUser } from '../../common/auth/session.types';
import { DomainEvents } from '../../common/events/domain-events';
import { BlockSteps } from './block-steps';
import { SafetyRepository } from './safety.repository';
import type { HideTable, MutedWordRow } from './safety.sql';

/** What a route names: an account by id or username, or a post (its author). */
export type BlockTargetKind = 'user' | 'username' | 'post';

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,18}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

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
 * in. Every change is idempotent and acts for the session's user only; a block also runs the steps
 * other modules registered (BlockSteps: the follows end both ways, counters and follow alerts with
 * them) in its own transaction. `blockedWith` is the block rule's lookup (BlockRuleGuard).
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly safety: SafetyRepository,
    private readonly blockSteps: BlockSteps,
    private readonly events: DomainEvents,
  ) {}

  /** After a change of what `viewers` hide has been written (outside a transaction, or committed). */
  private async changed(changed: boolean, ...viewers: number[]): Promise<void> {
    if (changed) await this.events.emit('viewer.changed', { viewerIds: viewers });
  }

  async mute(user: SessionUser, targetId: number): Promise<MuteResult> {
    if (targetId === user.id) throw new BadRequestException(SAFETY_MESSAGES.cannotMuteSelf);
    const outcome = await orNotFound(
      this.safety.transaction(async (trx) => {
        const hidden = await this.safety.hideWithin(trx, 'user_mutes', user.id, targetId, SAFETY_RULES.mutesMax);
        if (hidden === 'added') this.events.add(trx, 'viewer.changed', { viewerIds: [user.id] });
        return hidden;
      }),
      MESSAGES.profile.userNotFound,
    );
    if (outcome === 'full') throw new ConflictException(SAFETY_MESSAGES.tooManyMutes);
    return { success: true, muted: true };
  }

  async unmute(user: SessionUser, targetId: number): Promise<MuteResult> {
    await this.changed(await this.safety.unhide('user_mutes', user.id, targetId), user.id);
    return { success: true, muted: false };
  }

  async block(user: SessionUser, targetId: number): Promise<BlockResult> {
    if (targetId === user.id) throw new BadRequestException(SAFETY_MESSAGES.cannotBlockSelf);
    await orNotFound(
      this.safety.transaction(async (trx) => {
        const outcome = await this.safety.hideWithin(trx, 'user_blocks', user.id, targetId, SAFETY_RULES.blocksMax);
        if (outcome === 'full') throw new ConflictException(SAFETY_MESSAGES.tooManyBlocks);
        if (outcome !== 'added') return;
        await this.blockSteps.run(trx, user.id, targetId);
        // A block hides both ways: both accounts' hidden sets change.
        this.events.add(trx, 'viewer.changed', { viewerIds: [user.id, targetId] });
      }),
      MESSAGES.profile.userNotFound,
    );
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
      this.events.add(trx, 'viewer.changed', { viewerIds: [user.id] });
      return { word: toMutedWord(added!), created: true };
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

  /**
   * Whether a block stands between `a` and `b`, either way; in `trx` when given, for a write that must
   * not outlive a block committed meanwhile (see FollowsService.change).
   */
  blockedBetween(a: number, b: number, trx?: Db): Promise<boolean> {
    return trx ? this.safety.blockedBetween(trx, a, b) : this.safety.blockedWith(a, 'user', b);
  }

  /**
   * Whether a block stands between `viewerId` and what `value` names (an account's id or username, or
   * a post's author), either way; false for a value that names nothing or is malformed (the caller's
   * own validation answers those).
   */
  async blockedWith(viewerId: number, kind: BlockTargetKind, value: unknown): Promise<boolean> {
    if (kind === 'username') return typeof value === 'string' && value.length > 0 && value.length <= 100 && this.safety.blockedWith(viewerId, kind, value);
    const id = idOf(value);
    return id !== null && this.safety.blockedWith(viewerId, kind, id);
  }
}
