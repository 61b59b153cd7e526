import 'reflect-metadata';
import { createApp, StartupError, startupLogger } from './app.setup';
import { loadSettings, SettingsError } from './config/settings';

async function main(): Promise<void> {
  try {
    const settings = loadSettings();
    const app = await createApp(settings);
    await app.listen(settings.port);
    startupLogger.log(`Cloud 9 Social is up on port ${settings.port} (${settings.publicUrl})`);
  } catch (error) {
    if (error instanceof SettingsError || error instanceof StartupError) {
      console.error(`Cloud 9 Social cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

void main();
