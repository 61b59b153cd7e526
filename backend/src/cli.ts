import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { passwordProblem, usernameProblem } from '@cloud9/contracts';
import { createApp, StartupError } from './app.setup';
import { loadSettings, SettingsError } from './config/settings';
import { MediaBackfill } from './modules/media/media-backfill';
import { AccountsService, ExistingAccountNotAdmin } from './modules/users/accounts.service';
import type { SessionUser } from './modules/users/session-user';

/** Whose account it is, so the operator sees it is the one they meant: its e-mail and when it was made. */
const describeAccount = (user: SessionUser) => `"${user.username}" (id ${user.id}, e-mail ${user.email}, created ${user.created_at.toISOString()})`;

const USAGE = `Usage: npm run cli -- create-admin --username <name> --password <password> [--email <email>] [--promote-existing]
  Creates an admin (group 1), or sets an existing admin's password. An existing account that is not
  an admin is made admin (with that password) only with --promote-existing. An existing account's
  sessions all end.
       npm run media:backfill [-- --batch <files>]
  Queues the variants job for every stored image that lacks its size or a variant (uploads from
  before they were recorded); running it again queues only what is still missing.`;

/** A task's own settings: quiet logs, no metrics port (the running app has it). */
const taskSettings = (role?: 'api') => ({ ...loadSettings(), ...(role ? { role } : {}), nodeEnv: 'test', logLevel: 'warn' as const, metricsPort: null });

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' }, 'promote-existing': { type: 'boolean', default: false } },
  });
  const problem = usernameProblem(values.username) ?? passwordProblem(values.password);
  if (problem) throw new SettingsError(problem);
  const app = await createApp(taskSettings());
  try {
    const mode = values['promote-existing'] ? 'promote' : 'update';
    const { user, outcome } = await app.get(AccountsService).ensureAdmin(values.username!, values.password!, values.email ?? null, mode);
    if (outcome === 'created') console.log(`Created admin "${user.username}" (id ${user.id}).`);
    else if (outcome === 'updated') console.log(`Updated admin ${describeAccount(user)}: new password set, its sessions ended.`);
    else console.log(`Promoted ${describeAccount(user)} to admin: new password set, its sessions ended.`);
  } catch (error) {
    if (!(error instanceof ExistingAccountNotAdmin)) throw error;
    // A refusal, not a crash: the account may be someone else's who registered the name first.
    console.error(`${describeAccount(error.user)} already exists and is not an admin; nothing was changed.\nTo make that account the admin, run again with --promote-existing.`);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

async function mediaBackfill(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { batch: { type: 'string', default: '500' } } });
  const batch = Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new SettingsError('--batch must be a whole number from 1 to 10000.');
  // ROLE=api: this process only queues; the app's workers make the variants.
  const app = await createApp(taskSettings('api'));
  try {
    const counts = await app.get(MediaBackfill).run(batch, (c) => console.log(`… ${c.scanned} images looked at, ${c.queued} queued`));
    console.log(`Looked at ${counts.scanned} stored images: ${counts.queued} queued for the variants job, ${counts.complete} already complete.`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'create-admin') return await createAdmin(args);
    if (command === 'media-backfill') return await mediaBackfill(args);
    console.log(USAGE);
    process.exitCode = command ? 1 : 0;
  } catch (error) {
    if (error instanceof SettingsError || error instanceof StartupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      process.exit(1);
    }
    throw error;
  }
}

void main();
