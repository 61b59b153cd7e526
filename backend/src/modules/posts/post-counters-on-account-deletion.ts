import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDeletionSteps } from '../users/account-deletion-steps';
import { PostsRepository } from './posts.repository';

/** Keeps other people's post counters exact when an account is deleted, in the deletion's transaction. */
@Injectable()
export class PostCountersOnAccountDeletion implements OnModuleInit {
  constructor(
    private readonly steps: AccountDeletionSteps,
    private readonly posts: PostsRepository,
  ) {}

  onModuleInit(): void {
    this.steps.register((trx, userId) => this.posts.uncountAccount(trx, userId));
  }
}
