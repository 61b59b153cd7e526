import 'reflect-metadata';
import { createApp, StartupError, startupLogger } from './app.setup';
import { shutDownOnSignals } from './common/shutdown-on-signals';
import { loadSettings, SettingsError } from './config/settings';

/**
 * ROLE=all (default): HTTP, Socket.IO and the job workers in one process. ROLE=api: HTTP and
 * Socket.IO on PORT, no workers; the jobs it enqueues (queues 'admin', 'boosts', 'billing') wait for
 * a worker. ROLE=worker: only the job workers; the app is initialised (modules, Redis, database) but
 * never listens, so its Socket.IO server only emits, through the Redis adapter, to the sockets of
 * the API instances. JobHandlerDiscovery starts one worker per queue that has @JobHandler methods, through
 * JobsService.startWorker, which does nothing under ROLE=api.
 */
async function main(): Promise<void> {
  try {
    const settings = loadSettings();
    const app = await createApp(settings);
    // A worker has no port for a balancer to drain from: it closes at once.
    shutDownOnSignals(app, { timeoutMs: settings.shutdownTimeoutMs, drainMs: settings.role === 'worker' ? 0 : settings.shutdownDrainMs });
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
