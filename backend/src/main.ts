import 'reflect-metadata';
import { createApp, StartupError, startupLogger } from './app.setup';
import { loadSettings, SettingsError } from './config/settings';

/**
 * ROLE=all (default) and ROLE=api serve HTTP and Socket.IO on PORT. ROLE=worker opens no port: the
 * app is initialised (modules, Redis, database) but never listens, so its Socket.IO server only
 * emits, through the Redis adapter, to the sockets of the API instances. The job processors that a
 * worker runs come with the jobs issue.
 */
async function main(): Promise<void> {
  try {
    const settings = loadSettings();
    const app = await createApp(settings);
    if (settings.role === 'worker') {
      await app.init();
      startupLogger.log('Cloud 9 Social worker is up (ROLE=worker: no HTTP or Socket.IO port)');
      return;
    }
    await app.listen(settings.port);
    startupLogger.log(`Cloud 9 Social is up on port ${settings.port} (${settings.publicUrl}, ROLE=${settings.role})`);
  } catch (error) {
    if (error instanceof SettingsError || error instanceof StartupError) {
      console.error(`Cloud 9 Social cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

void main();
