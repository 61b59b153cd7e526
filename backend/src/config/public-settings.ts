import type { Settings } from './settings';

/**
 * What the app backup's settings file keeps of each setting. Every setting must be named here (the
 * type makes a new one a compile error until it is), so a new secret can never slip into a backup.
 * - keep: the value as it is;
 * - url: the address without user name and password;
 * - presence: only whether it is set (secrets: session secret, passwords, API keys).
 */
const EXPORT: { [K in keyof Settings]: 'keep' | 'url' | 'presence' } = {
  nodeEnv: 'keep',
  role: 'keep',
  port: 'keep',
  databaseUrl: 'url',
  databaseReadUrl: 'url',
  redisUrl: 'url',
  redisPrefix: 'keep',
  redisCommandTimeoutMs: 'keep',
  databaseConnectTimeoutMs: 'keep',
  databaseStatementTimeoutMs: 'keep',
  databaseJobStatementTimeoutMs: 'keep',
  filteredReadsPerViewer: 'keep',
  shutdownTimeoutMs: 'keep',
  shutdownDrainMs: 'keep',
  sessionSecret: 'presence',
  sessionMaxAgeDays: 'keep',
  sessionAbsoluteDays: 'keep',
  sessionsPerAccount: 'keep',
  uploadDir: 'keep',
  storage: 'keep',
  s3SecretAccessKey: 'presence',
  frontendDist: 'keep',
  publicUrl: 'url',
  allowedOrigins: 'keep',
  trustProxy: 'keep',
  adminUsername: 'keep',
  adminPassword: 'presence',
  adminEmail: 'keep',
  supportEmail: 'keep',
  rateLimits: 'keep',
  donateUrl: 'url',
  giphyApiBase: 'url',
  giphyApiKey: 'presence',
  giphyMediaHosts: 'keep',
  gifCacheSeconds: 'keep',
  gifErrorCacheSeconds: 'keep',
  feedCacheMs: 'keep',
  feedScanLimit: 'keep',
  hotReads: 'keep',
  sessionUserCacheMs: 'keep',
  followSyncLockWaitMs: 'keep',
  giphyTimeoutMs: 'keep',
  emojiCdnUrl: 'url',
  giphyPingbackUrl: 'url',
  giphyPingbackTimeoutMs: 'keep',
  paypalApiBase: 'url',
  paypalClientId: 'keep',
  paypalSdkUrl: 'url',
  paypalClientSecret: 'presence',
  paypalWebhookId: 'keep',
  require2faForStaff: 'keep',
  totpEncryptionKey: 'presence',
  vapid: 'presence',
  vapidSubject: 'keep',
  pushAllowPrivateEndpoints: 'keep',
  pushTimeoutMs: 'keep',
  dmGroupMax: 'keep',
  paypalPlans: 'keep',
  backupDir: 'keep',
  backupKeep: 'keep',
  exportDir: 'keep',
  adminJobWaitMs: 'keep',
  orphanMinAgeSeconds: 'keep',
  trendingRefreshSeconds: 'keep',
  boostRotateSeconds: 'keep',
  httpHeadersTimeoutMs: 'keep',
  httpRequestTimeoutMs: 'keep',
  httpKeepAliveTimeoutMs: 'keep',
  httpMaxHeaderBytes: 'keep',
  logFormat: 'keep',
  logLevel: 'keep',
  metricsPort: 'keep',
  metricsHost: 'keep',
  metricsToken: 'presence',
  smtpUrl: 'url',
  mailFrom: 'keep',
  mailDir: 'keep',
  emailVerification: 'keep',
};

/** A URL without its user name and password (anything unparseable is left out altogether). */
export function withoutCredentials(value: string): string | null {
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    for (const key of [...url.searchParams.keys()]) if (/pass|secret|key|token/i.test(key)) url.searchParams.delete(key);
    return url.toString();
  } catch {
    return null;
  }
}

/** The settings as written into an app backup: no secrets, URLs without credentials. */
export function publicSettings(settings: Settings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(EXPORT) as (keyof Settings)[]) {
    const value = settings[key];
    const how = EXPORT[key];
    if (how === 'presence') out[`${key}Set`] = value !== null && value !== undefined && value !== '';
    else if (how === 'url') out[key] = typeof value === 'string' ? withoutCredentials(value) : null;
    else out[key] = value;
  }
  return out;
}
