import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDeletionSteps } from '../users/public';
import { PostsRepository } from './posts.repository';

/**
 * Keeps other people's posts exact when an account is deleted, in the deletion's transaction: their
 * counters, and the mentions they list.
 */
@Injectable()
export class PostCountersOnAccountDeletion implements OnModuleInit {
  constructor(
    private readonly steps: AccountDeletionSteps,
    private readonly posts: PostsRepository,
  ) {}

  onModuleInit(): void {
    this.steps.register(async (trx, userId) => {
      await this.posts.uncountAccount(trx, userId);
      await this.posts.forgetMentionsOf(trx, userId);
    });
  }
}
