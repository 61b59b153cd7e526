import { ROUTES, type PublicConfig } from '@cloud9/contracts';
import { callApi } from './client';

let cached: Promise<PublicConfig> | null = null;

/** Public settings rarely change during a visit, so one request serves every screen. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  cached ??= callApi(ROUTES.config.get).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}

/** Forgets the cached answer (tests; a deploy that changed settings is picked up on reload anyway). */
export function clearPublicConfigCache(): void {
  cached = null;
}
