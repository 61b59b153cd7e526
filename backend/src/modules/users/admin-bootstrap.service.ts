import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { passwordProblem, usernameProblem } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { AccountsService } from './accounts.service';

/** Creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD; an existing account is left as it is. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly users: AccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminUsername, adminPassword, adminEmail } = this.settings;
    if (!adminUsername || !adminPassword) return;
    const problem = usernameProblem(adminUsername) ?? passwordProblem(adminPassword);
    if (problem) {
      this.logger.error(`ADMIN_USERNAME / ADMIN_PASSWORD ignored: ${problem}`);
      return;
    }
    try {
      const { outcome } = await this.users.ensureAdmin(adminUsername, adminPassword, adminEmail, 'keep');
      if (outcome === 'created') this.logger.log(`created admin "${adminUsername}"`);
    } catch (error) {
      // Another instance created it at the same moment.
      this.logger.warn(`admin "${adminUsername}" not created: ${(error as Error).message}`);
    }
  }
}
