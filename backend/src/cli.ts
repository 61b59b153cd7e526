import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { passwordProblem, usernameProblem } from '@cloud9/contracts';
import { createApp, StartupError } from './app.setup';
import { loadSettings, SettingsError } from './config/settings';
import { AccountsService } from './modules/users/accounts.service';

const USAGE = `Usage: npm run cli -- create-admin --username <name> --password <password> [--email <email>]
  Creates an admin (group 1), or makes an existing account admin and sets its password.`;

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' } } });
  const problem = usernameProblem(values.username) ?? passwordProblem(values.password);
  if (problem) throw new SettingsError(problem);
  const settings = { ...loadSettings(), nodeEnv: 'test' };
  const app = await createApp(settings);
  try {
    const { user, created } = await app.get(AccountsService).ensureAdmin(values.username!, values.password!, values.email ?? null, true);
    console.log(`${created ? 'Created' : 'Updated'} admin "${user.username}" (id ${user.id}).`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'create-admin') return await createAdmin(args);
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
