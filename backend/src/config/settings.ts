import * as path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { DM_RULES, LIMITS, PRODUCT } from '@cloud9/contracts';

/** Every setting the app reads, parsed and validated once at start (see .env.example). */
export interface RateLimit {
  /** 0 turns the limit off. */
  max: number;
  windowSeconds: number;
}

/** The anti-automation limits (see common/rate-limit): each one's setting and default, count/window. */
const RATE_LIMIT_SETTINGS = {
  apiAnon: ['RATE_LIMIT_API_ANON', { max: 300, windowSeconds: 5 * 60 }],
  apiUser: ['RATE_LIMIT_API_USER', { max: 1500, windowSeconds: 5 * 60 }],
  posts: ['RATE_LIMIT_POSTS', { max: 300, windowSeconds: 3 * 3600 }],
  uploads: ['RATE_LIMIT_UPLOADS', { max: 30, windowSeconds: 30 * 60 }],
  follows: ['RATE_LIMIT_FOLLOWS', { max: 400, windowSeconds: 24 * 3600 }],
  search: ['RATE_LIMIT_SEARCH', { max: 60, windowSeconds: 60 }],
  gifs: ['RATE_LIMIT_GIFS', { max: 60, windowSeconds: 60 }],
  gifPingbacks: ['RATE_LIMIT_GIF_PINGBACKS', { max: 120, windowSeconds: 60 }],
  reports: ['RATE_LIMIT_REPORTS', { max: 20, windowSeconds: 3600 }],
  loginIp: ['RATE_LIMIT_LOGIN_IP', { max: 25, windowSeconds: 5 * 60 }],
  login: ['RATE_LIMIT_LOGIN', { max: 10, windowSeconds: 15 * 60 }],
  loginAccount: ['RATE_LIMIT_LOGIN_ACCOUNT', { max: 100, windowSeconds: 3600 }],
  loginOk: ['RATE_LIMIT_LOGIN_OK', { max: 20, windowSeconds: 3600 }],
  register: ['RATE_LIMIT_REGISTER', { max: 5, windowSeconds: 30 * 60 }],
  password: ['RATE_LIMIT_PASSWORD', { max: 10, windowSeconds: 3600 }],
  // Third parties' quotas and other members' pushes (issue 28, item 6).
  gifsGlobal: ['RATE_LIMIT_GIFS_GLOBAL', { max: 3000, windowSeconds: 3600 }],
  webhooks: ['RATE_LIMIT_WEBHOOKS', { max: 30, windowSeconds: 60 }],
  webhooksGlobal: ['RATE_LIMIT_WEBHOOKS_GLOBAL', { max: 600, windowSeconds: 3600 }],
  reactions: ['RATE_LIMIT_REACTIONS', { max: 300, windowSeconds: 5 * 60 }],
  // The account's mail (issue 30): reset links per account and per address, verification links per account.
  passwordForgot: ['RATE_LIMIT_PASSWORD_FORGOT', { max: 5, windowSeconds: 3600 }],
  passwordForgotIp: ['RATE_LIMIT_PASSWORD_FORGOT_IP', { max: 20, windowSeconds: 3600 }],
  emailResend: ['RATE_LIMIT_EMAIL_RESEND', { max: 3, windowSeconds: 3600 }],
  // Wrong two-factor codes per account and client (issue 30, item 4): sign-in's second step and the settings' checks.
  twoFactor: ['RATE_LIMIT_2FA', { max: 5, windowSeconds: 15 * 60 }],
  // Test pushes per account (issue 31): Settings' "Notifications on this device".
  pushTest: ['RATE_LIMIT_PUSH_TEST', { max: 5, windowSeconds: 60 }],
  // Direct messages (issue 32): messages per account; new conversations with people who do not follow
  // the member, Basic's count (each plan multiplies it: DM_REQUEST_FACTOR).
  dms: ['RATE_LIMIT_DMS', { max: 300, windowSeconds: 3600 }],
  dmRequests: ['RATE_LIMIT_DM_REQUESTS', { max: 20, windowSeconds: 24 * 3600 }],
} as const satisfies Record<string, readonly [string, RateLimit]>;

export type RateBucket = keyof typeof RATE_LIMIT_SETTINGS;
type RateLimits = Record<RateBucket, RateLimit>;

type Role = 'all' | 'api' | 'worker';

type LogFormat = 'json' | 'pretty';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export interface Settings {
  nodeEnv: string;
  role: Role;
  port: number;
  databaseUrl: string;
  /** A streaming replica that takes feed, search, profile and list reads (null: everything reads the primary). */
  databaseReadUrl: string | null;
  redisUrl: string;
  redisPrefix: string;
  /** Longest wait for one Redis command before it fails (and the request answers 503): a silent Redis must not hang requests. */
  redisCommandTimeoutMs: number;
  /** Longest wait for a PostgreSQL connection from the pool (a free one or a new one) before the request answers 503. */
  databaseConnectTimeoutMs: number;
  /** statement_timeout of a request's queries (a startup parameter of every pooled connection); past it the request answers 503. */
  databaseStatementTimeoutMs: number;
  /** statement_timeout of a job's long statements (a transaction of its own) and of every pooled connection under ROLE=worker. */
  databaseJobStatementTimeoutMs: number;
  /** Uncached filtered feed / list / search reads one viewer may have in flight at once (0: no limit). */
  filteredReadsPerViewer: number;
  /** SIGTERM / SIGINT: the process exits by then, whatever still hangs (requests get part of it to finish). */
  shutdownTimeoutMs: number;
  /** After SIGTERM an instance with a port keeps serving this long while ready answers 503, then stops accepting (within shutdownTimeoutMs). */
  shutdownDrainMs: number;
  /**
   * SESSION_SECRET. Without it (never in production) it is empty here, and createApp fills in the
   * secret kept in the database, made once for every instance (sharedSessionSecret).
   */
  sessionSecret: string;
  sessionMaxAgeDays: number;
  /** A session ends this long after its sign-in at the latest, however often it is used. */
  sessionAbsoluteDays: number;
  /** Live sessions one account may have; a new sign-in beyond it ends the oldest. */
  sessionsPerAccount: number;
  /** Local scratch for uploads being received and judged (.incoming), and with the local driver the files themselves. */
  uploadDir: string;
  /** Where stored media lives (see modules/media/storage). */
  storage: StorageSettings;
  /** Apart from `storage`, so the app backup's settings file shows only whether it is set. */
  s3SecretAccessKey: string | null;
  frontendDist: string;
  publicUrl: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  adminUsername: string | null;
  adminPassword: string | null;
  adminEmail: string | null;
  supportEmail: string;
  rateLimits: RateLimits;
  donateUrl: string | null;
  giphyApiBase: string;
  giphyApiKey: string | null;
  /** Hosts a post's GIF URL may point at (the provider's media CDN). */
  giphyMediaHosts: string[];
  /** How long a provider answer is cached in Redis (60 s; 6 s for errors); tests shorten them. */
  gifCacheSeconds: number;
  gifErrorCacheSeconds: number;
  /** How long a shared first page of the home feed is kept at most (changes drop it sooner); 0 turns the cache off. */
  feedCacheMs: number;
  /** FEED_SCAN_LIMIT: the most rows a keyset walk with filters examines for one page (feed.sql.ts boundedWalk). */
  feedScanLimit: number;
  /** The lighter path for the feed's pages (answerHotReads); HOT_READS=0 sends them through the full pipeline. */
  hotReads: boolean;
  /** How long a signed-in user's account row is kept in process at most (changes drop it sooner); 0 turns the cache off. */
  sessionUserCacheMs: number;
  /** How long the follow-count sync waits for the follows table before that attempt fails (and is retried). */
  followSyncLockWaitMs: number;
  /** How long the server waits for the GIF provider before answering 502. */
  giphyTimeoutMs: number;
  /** Base of the emoji image CDN (emoji-datasource packages) behind the picker's apple, twitter, google and facebook styles. */
  emojiCdnUrl: string;
  /** The provider's pingback (analytics) service; events go to `<base>/v2/pingback`. */
  giphyPingbackUrl: string;
  /** How long one forwarded pingback batch may take before it is dropped (nobody waits for it). */
  giphyPingbackTimeoutMs: number;
  paypalApiBase: string;
  paypalClientId: string | null;
  /** The PayPal JS SDK the browser loads for the subscription button (tests serve a stand-in). */
  paypalSdkUrl: string;
  paypalClientSecret: string | null;
  paypalWebhookId: string | null;
  paypalPlans: Record<'silver' | 'gold' | 'platinum' | 'diamond', string | null>;
  backupDir: string;
  backupKeep: number;
  /** Where members' data exports (ZIPs) are written and read: shared by the workers and the API instances. */
  exportDir: string;
  /** How long an admin endpoint waits for its job before answering 202 with the job id. */
  adminJobWaitMs: number;
  /** An upload younger than this is never reported or deleted as orphaned (it may be mid-upload). */
  orphanMinAgeSeconds: number;
  /** How often the trending hashtags are recomputed (the repeating `hashtags/trending` job). */
  trendingRefreshSeconds: number;
  /** How often the boost queue rotates on its own (the repeating `boosts/rotate` job); admins can also run it now. */
  boostRotateSeconds: number;
  /** Node's HTTP server limits: time to receive the headers, the whole request, idle keep-alive; header size. */
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  httpMaxHeaderBytes: number;
  /** JSON lines (default, except in development) or pino-pretty's coloured lines. */
  logFormat: LogFormat;
  /** The lowest level written: info by default, warn under NODE_ENV=test. */
  logLevel: LogLevel;
  /** SMTP server of outgoing mail (smtp:// or smtps://, credentials in the URL); null: each mail is written as an .eml file under mailDir. */
  smtpUrl: string | null;
  /** The From of every mail ("Name <address>" or an address). */
  mailFrom: string;
  mailDir: string;
  /** `optional`: an unverified address only shows a banner; `required`: posting, replying, following, liking and paid plans wait for it. */
  emailVerification: 'optional' | 'required';
  /** A port of its own that serves /metrics (null: none), on `metricsHost`. */
  metricsPort: number | null;
  /** The address the metrics port binds to: loopback unless an operator opens it. */
  metricsHost: string;
  /** When set, /metrics on the main port answers requests that carry `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** REQUIRE_2FA_FOR_STAFF: staff routes answer 403 to staff (groups 1–4) without two-factor on. */
  require2faForStaff: boolean;
  /**
   * TOTP_ENCRYPTION_KEY: the key (any long random string) the TOTP secrets are encrypted with at rest.
   * Null: derived from the session secret (changing SESSION_SECRET then makes stored secrets unreadable).
   */
  totpEncryptionKey: string | null;
  /**
   * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url: the uncompressed P-256 point, the 32-byte scalar),
   * both or neither; null: a pair is made once and kept in `push_vapid_keys` (decision 0096).
   */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: a mailto: or https: URL the push services may contact (default mailto:SUPPORT_EMAIL). */
  vapidSubject: string;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: push endpoints may be http: and private or loopback addresses (tests, the bench only). */
  pushAllowPrivateEndpoints: boolean;
  /** PUSH_TIMEOUT_MS: the longest one delivery to a push service may take (connect, send, answer). */
  pushTimeoutMs: number;
  /** DM_GROUP_MAX: the most members a conversation may have, its creator included (2–500). */
  dmGroupMax: number;
}

export class SettingsError extends Error {}

/** S3 (or an S3-compatible service: MinIO, s3rver) holding the media. */
export interface S3Settings {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  /** Path-style URLs (endpoint/bucket/key), which MinIO and s3rver need; AWS itself takes virtual-hosted ones. */
  forcePathStyle: boolean;
}

interface StorageSettings {
  driver: 'local' | 's3';
  /** Only with driver 's3'. */
  s3: S3Settings | null;
  /** A CDN in front of the files: /uploads/<key> answers a redirect to `<mediaPublicUrl>/<key>` (null: the app answers the file). */
  mediaPublicUrl: string | null;
}

const DEFAULT_GIPHY_MEDIA_HOSTS = 'giphy.com,media.giphy.com,media0.giphy.com,media1.giphy.com,media2.giphy.com,media3.giphy.com,media4.giphy.com,i.giphy.com';
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "10/15m", "20/1h", "5/900" (seconds) or a bare count (with the given default window); a count of 0 is off. */
export function parseRateLimit(name: string, raw: string | undefined, fallback: RateLimit): RateLimit {
  if (raw === undefined || raw.trim() === '') return fallback;
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*([smhd])?\s*)?$/i.exec(raw);
  if (!match) throw new SettingsError(`${name} must look like "10/15m" (count/window), got "${raw}"`);
  const max = Number(match[1]);
  const windowSeconds = match[2] ? Number(match[2]) * UNITS[(match[3] ?? 's').toLowerCase()] : fallback.windowSeconds;
  if (windowSeconds < 1) throw new SettingsError(`${name} needs a window of at least 1 second`);
  return { max, windowSeconds };
}

function rateLimitSettings(env: NodeJS.ProcessEnv): RateLimits {
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([bucket, [name, fallback]]) => [bucket, parseRateLimit(name, env[name], fallback)]);
  return Object.fromEntries(entries) as RateLimits;
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SettingsError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function urlSetting(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: string[]): string {
  const raw = (env[name] ?? '').trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new SettingsError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

const optional = (env: NodeJS.ProcessEnv, name: string): string | null => (env[name] ?? '').trim() || null;

function choiceSetting<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T): T {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new SettingsError(`${name} must be one of ${choices.join(', ')}, got "${env[name]}"`);
  return raw as T;
}

const flagSetting = (env: NodeJS.ProcessEnv, name: string): boolean => {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(raw)) return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  throw new SettingsError(`${name} must be true or false, got "${env[name]}"`);
};

/** STORAGE_DRIVER and, for s3, the S3_* settings (all checked here, so a typo stops the start, not the first upload); MEDIA_PUBLIC_URL. */
function storageSettings(env: NodeJS.ProcessEnv): Pick<Settings, 'storage' | 's3SecretAccessKey'> {
  const driver = choiceSetting(env, 'STORAGE_DRIVER', ['local', 's3'] as const, 'local');
  const mediaPublicUrl = optional(env, 'MEDIA_PUBLIC_URL') && urlSetting(env, 'MEDIA_PUBLIC_URL', '', ['http:', 'https:']);
  if (driver === 'local') return { storage: { driver, s3: null, mediaPublicUrl }, s3SecretAccessKey: null };
  const bucket = optional(env, 'S3_BUCKET');
  // S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens.
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new SettingsError(`S3_BUCKET must be a bucket name (3–63 of a-z 0-9 . -) with STORAGE_DRIVER=s3, got "${bucket ?? ''}"`);
  const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
  // Both or neither: without them the SDK's own chain (instance role, AWS_* variables, profile) is used.
  if (!accessKeyId !== !secretAccessKey) throw new SettingsError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    storage: {
      driver,
      s3: {
        endpoint: optional(env, 'S3_ENDPOINT') && urlSetting(env, 'S3_ENDPOINT', '', ['http:', 'https:']),
        region: optional(env, 'S3_REGION') ?? 'us-east-1',
        bucket,
        accessKeyId,
        forcePathStyle: flagSetting(env, 'S3_FORCE_PATH_STYLE'),
      },
      mediaPublicUrl,
    },
    s3SecretAccessKey: secretAccessKey,
  };
}

/** SMTP_URL (or none: .eml files under MAIL_DIR), MAIL_FROM (default no-reply at PUBLIC_URL's host), EMAIL_VERIFICATION. */
function mailSettings(env: NodeJS.ProcessEnv, publicUrl: string, repoRoot: string): Pick<Settings, 'smtpUrl' | 'mailFrom' | 'mailDir' | 'emailVerification'> {
  const smtpUrl = optional(env, 'SMTP_URL') && urlSetting(env, 'SMTP_URL', '', ['smtp:', 'smtps:']);
  const mailFrom = optional(env, 'MAIL_FROM') ?? `${PRODUCT.name} <no-reply@${new URL(publicUrl).hostname}>`;
  if (!/^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/.test(mailFrom)) throw new SettingsError(`MAIL_FROM must be an address or "Name <address>", got "${mailFrom}"`);
  return {
    smtpUrl,
    mailFrom,
    mailDir: path.resolve(optional(env, 'MAIL_DIR') ?? path.join(repoRoot, 'data/mail')),
    emailVerification: choiceSetting(env, 'EMAIL_VERIFICATION', ['optional', 'required'] as const, 'optional'),
  };
}

/** METRICS_PORT (off when unset or 0), METRICS_HOST and METRICS_TOKEN. */
function metricsSettings(env: NodeJS.ProcessEnv, port: number): Pick<Settings, 'metricsPort' | 'metricsHost' | 'metricsToken'> {
  const metricsPort = intSetting(env, 'METRICS_PORT', 0, 0, 65535) || null;
  if (metricsPort === port) throw new SettingsError('METRICS_PORT must differ from PORT (the main port serves /metrics only with METRICS_TOKEN)');
  const metricsHost = optional(env, 'METRICS_HOST') ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]+$/.test(metricsHost)) throw new SettingsError(`METRICS_HOST must be an address or host name, got "${metricsHost}"`);
  const metricsToken = optional(env, 'METRICS_TOKEN');
  if (metricsToken && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new SettingsError('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  return { metricsPort, metricsHost, metricsToken };
}

/**
 * SHUTDOWN_DRAIN_MS is the first part of SHUTDOWN_TIMEOUT_MS, at most half of it: the rest finishes the
 * requests in flight and closes the instance. Unset, it is 1000, or half the timeout when that is shorter.
 */
function shutdownDrainSetting(env: NodeJS.ProcessEnv): number {
  const timeoutMs = intSetting(env, 'SHUTDOWN_TIMEOUT_MS', 2000, 500, 600_000);
  const drainMs = intSetting(env, 'SHUTDOWN_DRAIN_MS', Math.min(1000, Math.floor(timeoutMs / 2)), 0, 300_000);
  if (drainMs > timeoutMs / 2) throw new SettingsError(`SHUTDOWN_DRAIN_MS must be at most half of SHUTDOWN_TIMEOUT_MS (${timeoutMs}), got "${drainMs}"`);
  return drainMs;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env, readDotenv = true): Settings {
  if (readDotenv) loadDotenv({ quiet: true } as never);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = intSetting(env, 'PORT', 3000, 1, 65535);
  const role = (env.ROLE ?? 'all').trim() as Role;
  if (!['all', 'api', 'worker'].includes(role)) throw new SettingsError(`ROLE must be all, api or worker, got "${env.ROLE}"`);

  const sessionSecret = optional(env, 'SESSION_SECRET');
  if (!sessionSecret && nodeEnv === 'production') throw new SettingsError('SESSION_SECRET must be set in production (a long random string: openssl rand -base64 48)');
  if (sessionSecret && sessionSecret.length < 16) throw new SettingsError('SESSION_SECRET must be at least 16 characters');

  const publicUrl = urlSetting(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const repoRoot = path.resolve(__dirname, '../../..');
  const httpHeadersTimeoutMs = intSetting(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const httpRequestTimeoutMs = intSetting(env, 'HTTP_REQUEST_TIMEOUT_MS', 300_000, 1000, 3_600_000);
  if (httpHeadersTimeoutMs > httpRequestTimeoutMs) throw new SettingsError('HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS');
  // Once PayPal is configured, its webhooks (a plan's activation and end) must be verifiable.
  const paypalWebhookId = optional(env, 'PAYPAL_WEBHOOK_ID');
  if (optional(env, 'PAYPAL_CLIENT_ID') && optional(env, 'PAYPAL_CLIENT_SECRET') && !paypalWebhookId) {
    throw new SettingsError('PAYPAL_WEBHOOK_ID must be set when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are (PayPal webhooks are verified with it)');
  }
  const databaseStatementTimeoutMs = intSetting(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 2000, 50, 600_000);
  const databaseJobStatementTimeoutMs = intSetting(env, 'DATABASE_JOB_STATEMENT_TIMEOUT_MS', 60_000, 1000, 86_400_000);
  if (databaseJobStatementTimeoutMs < databaseStatementTimeoutMs) throw new SettingsError('DATABASE_JOB_STATEMENT_TIMEOUT_MS must not be smaller than DATABASE_STATEMENT_TIMEOUT_MS');

  return {
    nodeEnv,
    role,
    port,
    databaseUrl: urlSetting(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cloud9', ['postgres:', 'postgresql:']),
    databaseReadUrl: optional(env, 'DATABASE_READ_URL') && urlSetting(env, 'DATABASE_READ_URL', '', ['postgres:', 'postgresql:']),
    redisUrl: urlSetting(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisPrefix: (env.REDIS_PREFIX ?? '').trim() || 'c9:',
    redisCommandTimeoutMs: intSetting(env, 'REDIS_COMMAND_TIMEOUT_MS', 500, 50, 60_000),
    databaseConnectTimeoutMs: intSetting(env, 'DATABASE_CONNECT_TIMEOUT_MS', 500, 50, 60_000),
    databaseStatementTimeoutMs,
    databaseJobStatementTimeoutMs,
    filteredReadsPerViewer: intSetting(env, 'FILTERED_READS_PER_VIEWER', 2, 0, 100),
    shutdownTimeoutMs: intSetting(env, 'SHUTDOWN_TIMEOUT_MS', 2000, 500, 600_000),
    shutdownDrainMs: shutdownDrainSetting(env),
    sessionSecret: sessionSecret ?? '',
    sessionMaxAgeDays: intSetting(env, 'SESSION_MAX_AGE_DAYS', 14, 1, 365),
    sessionAbsoluteDays: intSetting(env, 'SESSION_ABSOLUTE_DAYS', 30, 1, 3650),
    sessionsPerAccount: intSetting(env, 'SESSIONS_PER_ACCOUNT', 50, 1, 10_000),
    uploadDir: path.resolve(optional(env, 'UPLOAD_DIR') ?? path.join(repoRoot, 'uploads')),
    ...storageSettings(env),
    frontendDist: path.resolve(optional(env, 'FRONTEND_DIST') ?? path.join(repoRoot, 'frontend/dist')),
    publicUrl,
    allowedOrigins,
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    adminUsername: optional(env, 'ADMIN_USERNAME'),
    adminPassword: optional(env, 'ADMIN_PASSWORD'),
    adminEmail: optional(env, 'ADMIN_EMAIL'),
    supportEmail: optional(env, 'SUPPORT_EMAIL') ?? PRODUCT.defaultSupportEmail,
    rateLimits: rateLimitSettings(env),
    donateUrl: optional(env, 'DONATE_URL'),
    giphyApiBase: urlSetting(env, 'GIPHY_API_BASE', 'https://api.giphy.com/v1', ['http:', 'https:']),
    giphyApiKey: optional(env, 'GIPHY_API_KEY'),
    giphyMediaHosts: (optional(env, 'GIPHY_MEDIA_HOSTS') ?? DEFAULT_GIPHY_MEDIA_HOSTS)
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    gifCacheSeconds: intSetting(env, 'GIF_CACHE_SECONDS', LIMITS.gifCacheSeconds, 1, 3600),
    gifErrorCacheSeconds: intSetting(env, 'GIF_ERROR_CACHE_SECONDS', LIMITS.gifErrorCacheSeconds, 1, 3600),
    feedCacheMs: intSetting(env, 'FEED_CACHE_MS', 1000, 0, 60_000),
    feedScanLimit: intSetting(env, 'FEED_SCAN_LIMIT', 5000, 100, 1_000_000),
    hotReads: !['0', 'false', 'no'].includes((env.HOT_READS ?? '').toLowerCase()),
    sessionUserCacheMs: intSetting(env, 'SESSION_USER_CACHE_MS', 10_000, 0, 600_000),
    followSyncLockWaitMs: intSetting(env, 'FOLLOW_SYNC_LOCK_WAIT_MS', 10_000, 100, 600_000),
    giphyTimeoutMs: intSetting(env, 'GIPHY_TIMEOUT_MS', 5000, 100, 60000),
    emojiCdnUrl: urlSetting(env, 'EMOJI_CDN_URL', 'https://cdn.jsdelivr.net/npm', ['http:', 'https:']),
    giphyPingbackUrl: urlSetting(env, 'GIPHY_PINGBACK_URL', 'https://pingback.giphy.com', ['http:', 'https:']),
    giphyPingbackTimeoutMs: intSetting(env, 'GIPHY_PINGBACK_TIMEOUT_MS', 2000, 100, 30000),
    paypalApiBase: urlSetting(env, 'PAYPAL_API_BASE', 'https://api-m.paypal.com', ['http:', 'https:']),
    paypalClientId: optional(env, 'PAYPAL_CLIENT_ID'),
    paypalSdkUrl: urlSetting(env, 'PAYPAL_SDK_URL', 'https://www.paypal.com/sdk/js', ['http:', 'https:']),
    paypalClientSecret: optional(env, 'PAYPAL_CLIENT_SECRET'),
    paypalWebhookId,
    paypalPlans: {
      silver: optional(env, 'PAYPAL_PLAN_SILVER'),
      gold: optional(env, 'PAYPAL_PLAN_GOLD'),
      platinum: optional(env, 'PAYPAL_PLAN_PLATINUM'),
      diamond: optional(env, 'PAYPAL_PLAN_DIAMOND'),
    },
    backupDir: path.resolve(optional(env, 'BACKUP_DIR') ?? path.join(repoRoot, 'backups')),
    backupKeep: intSetting(env, 'BACKUP_KEEP', 7, 1, 1000),
    exportDir: path.resolve(optional(env, 'EXPORT_DIR') ?? path.join(repoRoot, 'exports')),
    adminJobWaitMs: intSetting(env, 'ADMIN_JOB_WAIT_MS', 30_000, 0, 600_000),
    orphanMinAgeSeconds: intSetting(env, 'ORPHAN_MIN_AGE_SECONDS', 900, 0, 30 * 86400),
    trendingRefreshSeconds: intSetting(env, 'TRENDING_REFRESH_SECONDS', 300, 10, 86400),
    boostRotateSeconds: intSetting(env, 'BOOST_ROTATE_SECONDS', 60, 10, 86400),
    httpHeadersTimeoutMs,
    httpRequestTimeoutMs,
    httpKeepAliveTimeoutMs: intSetting(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5000, 100, 600_000),
    httpMaxHeaderBytes: intSetting(env, 'HTTP_MAX_HEADER_BYTES', 16_384, 1024, 1_048_576),
    logFormat: choiceSetting<LogFormat>(env, 'LOG_FORMAT', ['json', 'pretty'], nodeEnv === 'development' ? 'pretty' : 'json'),
    logLevel: choiceSetting(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'warn' : 'info'),
    ...mailSettings(env, publicUrl, repoRoot),
    ...metricsSettings(env, port),
    require2faForStaff: ['1', 'true', 'yes'].includes((env.REQUIRE_2FA_FOR_STAFF ?? '').trim().toLowerCase()),
    totpEncryptionKey: totpKeySetting(env),
    ...pushSettings(env, optional(env, 'SUPPORT_EMAIL') ?? PRODUCT.defaultSupportEmail),
    dmGroupMax: intSetting(env, 'DM_GROUP_MAX', DM_RULES.groupMaxDefault, 2, 500),
  };
}

const base64urlLength = (value: string): number => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1);

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (both or neither, checked here), VAPID_SUBJECT, PUSH_ALLOW_PRIVATE_ENDPOINTS, PUSH_TIMEOUT_MS. */
function pushSettings(env: NodeJS.ProcessEnv, supportEmail: string): Pick<Settings, 'vapid' | 'vapidSubject' | 'pushAllowPrivateEndpoints' | 'pushTimeoutMs'> {
  const publicKey = optional(env, 'VAPID_PUBLIC_KEY');
  const privateKey = optional(env, 'VAPID_PRIVATE_KEY');
  if (!publicKey !== !privateKey) throw new SettingsError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made and kept in the database)');
  if (publicKey && (base64urlLength(publicKey) !== 65 || !publicKey.startsWith('B'))) {
    throw new SettingsError('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes): npx web-push generate-vapid-keys');
  }
  // Never echoed: the private key stays out of every message.
  if (privateKey && base64urlLength(privateKey) !== 32) throw new SettingsError('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes): npx web-push generate-vapid-keys');
  const vapidSubject = urlSetting(env, 'VAPID_SUBJECT', `mailto:${supportEmail}`, ['mailto:', 'https:']);
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : null,
    vapidSubject,
    pushAllowPrivateEndpoints: flagSetting(env, 'PUSH_ALLOW_PRIVATE_ENDPOINTS'),
    pushTimeoutMs: intSetting(env, 'PUSH_TIMEOUT_MS', 10_000, 100, 60_000),
  };
}

function totpKeySetting(env: NodeJS.ProcessEnv): string | null {
  const key = optional(env, 'TOTP_ENCRYPTION_KEY');
  if (key && key.length < 32) throw new SettingsError('TOTP_ENCRYPTION_KEY must be at least 32 characters (openssl rand -base64 48)');
  return key;
}

/** True when the session cookie must be Secure (the public address is https). */
export const isSecureDeployment = (settings: Pick<Settings, 'publicUrl'>): boolean => settings.publicUrl.startsWith('https://');
