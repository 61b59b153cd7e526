import { Global, Module } from '@nestjs/common';
import { Settings } from './settings';

export const SETTINGS = Symbol('SETTINGS');

/** Makes the settings parsed at start injectable everywhere: `@Inject(SETTINGS) settings: Settings`. */
// Global: nearly every module reads a setting.
@Global()
@Module({})
export class SettingsModule {
  static forRoot(settings: Settings) {
    return { module: SettingsModule, providers: [{ provide: SETTINGS, useValue: settings }], exports: [SETTINGS] };
  }
}
