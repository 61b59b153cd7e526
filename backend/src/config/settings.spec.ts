import { loadSettings, parseRateLimit, SettingsError } from './settings';

const load = (env: Record<string, string>) => loadSettings(env as NodeJS.ProcessEnv, false);

describe('settings', () => {
  it('has defaults that work against local services', () => {
    const s = load({});
    expect(s.port).toBe(3000);
    expect(s.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/cloud9');
    expect(s.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(s.databaseReadUrl).toBeNull();
    expect(s.publicUrl).toBe('http://localhost:3000');
  });
  it('keeps sessions 14 days idle, 30 days at most, 50 per account; without SESSION_SECRET outside production, leaves the secret to the database', () => {
    const s = load({});
    expect([s.sessionMaxAgeDays, s.sessionAbsoluteDays, s.sessionsPerAccount, s.sessionSecret]).toEqual([14, 30, 50, '']);
    expect(load({ SESSION_ABSOLUTE_DAYS: '7', SESSIONS_PER_ACCOUNT: '5' })).toEqual(expect.objectContaining({ sessionAbsoluteDays: 7, sessionsPerAccount: 5 }));
  });
  it('has the anti-automation defaults, each overridable', () => {
    const minutes = (n: number) => n * 60;
    expect(load({}).rateLimits).toEqual({
      apiAnon: { max: 300, windowSeconds: minutes(5) },
      apiUser: { max: 1500, windowSeconds: minutes(5) },
      posts: { max: 300, windowSeconds: minutes(180) },
      uploads: { max: 30, windowSeconds: minutes(30) },
      follows: { max: 400, windowSeconds: minutes(24 * 60) },
      search: { max: 60, windowSeconds: minutes(1) },
      gifs: { max: 60, windowSeconds: minutes(1) },
      gifPingbacks: { max: 120, windowSeconds: minutes(1) },
      reports: { max: 20, windowSeconds: minutes(60) },
      loginIp: { max: 25, windowSeconds: minutes(5) },
      login: { max: 10, windowSeconds: minutes(15) },
      loginAccount: { max: 100, windowSeconds: minutes(60) },
      loginOk: { max: 20, windowSeconds: minutes(60) },
      register: { max: 5, windowSeconds: minutes(30) },
      password: { max: 10, windowSeconds: minutes(60) },
      gifsGlobal: { max: 3000, windowSeconds: minutes(60) },
      webhooks: { max: 30, windowSeconds: minutes(1) },
      webhooksGlobal: { max: 600, windowSeconds: minutes(60) },
      reactions: { max: 300, windowSeconds: minutes(5) },
      passwordForgot: { max: 5, windowSeconds: minutes(60) },
      passwordForgotIp: { max: 20, windowSeconds: minutes(60) },
      emailResend: { max: 3, windowSeconds: minutes(60) },
      twoFactor: { max: 5, windowSeconds: minutes(15) },
      pushTest: { max: 5, windowSeconds: minutes(1) },
      dms: { max: 300, windowSeconds: minutes(60) },
      dmRequests: { max: 20, windowSeconds: minutes(24 * 60) },
    });
    const s = load({ RATE_LIMIT_SEARCH: '7/2m', RATE_LIMIT_LOGIN_IP: '0/1m' });
    expect(s.rateLimits.search).toEqual({ max: 7, windowSeconds: 120 });
    expect(s.rateLimits.loginIp).toEqual({ max: 0, windowSeconds: 60 });
    expect(() => load({ RATE_LIMIT_GIFS: 'many' })).toThrow(/RATE_LIMIT_GIFS/);
  });
  it('takes the mail settings: SMTP_URL smtp(s):// or none (.eml files under MAIL_DIR), MAIL_FROM, EMAIL_VERIFICATION optional by default', () => {
    const none = load({});
    expect(none.smtpUrl).toBeNull();
    expect(none.mailDir).toMatch(/data[\\/]mail$/);
    expect(none.mailFrom).toBe('Cloud 9 Social <no-reply@localhost>');
    expect(none.emailVerification).toBe('optional');
    const set = load({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'hello@cloud9.social', MAIL_DIR: '/tmp/c9-mail', EMAIL_VERIFICATION: 'required', PUBLIC_URL: 'https://cloud9.social' });
    expect(set).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example.com:465', mailFrom: 'hello@cloud9.social', mailDir: '/tmp/c9-mail', emailVerification: 'required' });
    expect(load({ PUBLIC_URL: 'https://cloud9.social' }).mailFrom).toBe('Cloud 9 Social <no-reply@cloud9.social>');
    expect(() => load({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => load({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => load({ EMAIL_VERIFICATION: 'sometimes' })).toThrow(/EMAIL_VERIFICATION/);
  });
  it('takes the emoji image CDN base as an http(s) URL without its trailing slash, and refuses anything else', () => {
    expect(load({}).emojiCdnUrl).toBe('https://cdn.jsdelivr.net/npm');
    expect(load({ EMOJI_CDN_URL: 'https://emoji.example.com/npm/' }).emojiCdnUrl).toBe('https://emoji.example.com/npm');
    expect(() => load({ EMOJI_CDN_URL: 'not a url' })).toThrow(/EMOJI_CDN_URL must be a URL/);
    expect(() => load({ EMOJI_CDN_URL: 'ftp://emoji.example.com' })).toThrow(/EMOJI_CDN_URL must start with http:\/\/ or https:\/\//);
  });
  it('logs JSON at info by default, pretty in development, warn under tests; LOG_FORMAT and LOG_LEVEL are checked', () => {
    expect([load({}).logFormat, load({}).logLevel]).toEqual(['pretty', 'info']);
    const production = load({ NODE_ENV: 'production', SESSION_SECRET: 'production-secret-0123' });
    expect([production.logFormat, production.logLevel]).toEqual(['json', 'info']);
    expect([load({ NODE_ENV: 'test' }).logFormat, load({ NODE_ENV: 'test' }).logLevel]).toEqual(['json', 'warn']);
    expect([load({ LOG_FORMAT: 'JSON', LOG_LEVEL: 'debug' }).logFormat, load({ LOG_FORMAT: 'JSON', LOG_LEVEL: 'debug' }).logLevel]).toEqual(['json', 'debug']);
    expect(() => load({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be one of json, pretty/);
    expect(() => load({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
  it('serves metrics on no port of its own unless METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', () => {
    expect([load({}).metricsPort, load({}).metricsHost, load({}).metricsToken]).toEqual([null, '127.0.0.1', null]);
    expect(load({ METRICS_PORT: '0' }).metricsPort).toBeNull();
    expect([load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsPort, load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost]).toEqual([9464, '0.0.0.0']);
    expect(() => load({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => load({ METRICS_HOST: 'a host' })).toThrow(/METRICS_HOST/);
  });
  it('takes a METRICS_TOKEN of 16 or more printable characters without spaces', () => {
    expect(load({ METRICS_TOKEN: 'abcdefghijklmnop' }).metricsToken).toBe('abcdefghijklmnop');
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => load({ METRICS_TOKEN: 'has a space inside it' })).toThrow(/METRICS_TOKEN/);
  });
  it('parses rate limits in several spellings', () => {
    const fallback = { max: 1, windowSeconds: 60 };
    expect(parseRateLimit('X', '5/2m', fallback)).toEqual({ max: 5, windowSeconds: 120 });
    expect(parseRateLimit('X', '7/30', fallback)).toEqual({ max: 7, windowSeconds: 30 });
    expect(parseRateLimit('X', '3', fallback)).toEqual({ max: 3, windowSeconds: 60 });
    expect(parseRateLimit('X', '0/1m', fallback)).toEqual({ max: 0, windowSeconds: 60 });
    expect(() => parseRateLimit('X', '5/0s', fallback)).toThrow(SettingsError);
    expect(() => parseRateLimit('X', 'lots', fallback)).toThrow(SettingsError);
  });
  it('refuses bad values with a message naming the setting', () => {
    expect(() => load({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => load({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => load({ DATABASE_READ_URL: 'redis://x' })).toThrow(/DATABASE_READ_URL/);
    expect(() => load({ DATABASE_READ_URL: 'not a url' })).toThrow(/DATABASE_READ_URL/);
    expect(load({ DATABASE_READ_URL: 'postgres://reader@replica:5432/cloud9/' }).databaseReadUrl).toBe('postgres://reader@replica:5432/cloud9');
    expect(() => load({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => load({ SESSIONS_PER_ACCOUNT: '0' })).toThrow(/SESSIONS_PER_ACCOUNT/);
    expect(() => load({ SESSION_ABSOLUTE_DAYS: 'forever' })).toThrow(/SESSION_ABSOLUTE_DAYS/);
  });
  it('splits allowed origins', () => {
    expect(load({ ALLOWED_ORIGINS: 'https://a.example, https://b.example/' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('sets the HTTP server limits deliberately, and refuses a headers timeout longer than the request timeout', () => {
    const s = load({});
    expect([s.httpHeadersTimeoutMs, s.httpRequestTimeoutMs, s.httpKeepAliveTimeoutMs, s.httpMaxHeaderBytes]).toEqual([10_000, 300_000, 5000, 16_384]);
    const tuned = load({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '4000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '700', HTTP_MAX_HEADER_BYTES: '8192' });
    expect([tuned.httpHeadersTimeoutMs, tuned.httpRequestTimeoutMs, tuned.httpKeepAliveTimeoutMs, tuned.httpMaxHeaderBytes]).toEqual([2000, 4000, 700, 8192]);
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '4000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => load({ HTTP_MAX_HEADER_BYTES: '10' })).toThrow(/HTTP_MAX_HEADER_BYTES/);
  });
  it('limits statements to 2 s in requests and 60 s in jobs; FILTERED_READS_PER_VIEWER is 2; each bounded', () => {
    const s = load({});
    expect([s.databaseStatementTimeoutMs, s.databaseJobStatementTimeoutMs, s.filteredReadsPerViewer]).toEqual([2000, 60_000, 2]);
    const tuned = load({ DATABASE_STATEMENT_TIMEOUT_MS: '500', DATABASE_JOB_STATEMENT_TIMEOUT_MS: '3600000', FILTERED_READS_PER_VIEWER: '0' });
    expect([tuned.databaseStatementTimeoutMs, tuned.databaseJobStatementTimeoutMs, tuned.filteredReadsPerViewer]).toEqual([500, 3_600_000, 0]);
    for (const bad of ['0', '49', '600001', '1.5', 'soon']) {
      expect(() => load({ DATABASE_STATEMENT_TIMEOUT_MS: bad })).toThrow(new SettingsError(`DATABASE_STATEMENT_TIMEOUT_MS must be a whole number between 50 and 600000, got "${bad}"`));
    }
    for (const bad of ['0', '999', '86400001']) expect(() => load({ DATABASE_JOB_STATEMENT_TIMEOUT_MS: bad })).toThrow(/DATABASE_JOB_STATEMENT_TIMEOUT_MS must be a whole number/);
    expect(() => load({ DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_JOB_STATEMENT_TIMEOUT_MS: '4000' })).toThrow(
      new SettingsError('DATABASE_JOB_STATEMENT_TIMEOUT_MS must not be smaller than DATABASE_STATEMENT_TIMEOUT_MS'),
    );
    for (const bad of ['-1', '101', 'two']) expect(() => load({ FILTERED_READS_PER_VIEWER: bad })).toThrow(/FILTERED_READS_PER_VIEWER must be a whole number between 0 and 100/);
  });
  it('drains 1 s of the 2 s shutdown by default; SHUTDOWN_DRAIN_MS is at most half of SHUTDOWN_TIMEOUT_MS', () => {
    expect([load({}).shutdownTimeoutMs, load({}).shutdownDrainMs]).toEqual([2000, 1000]);
    expect(load({ SHUTDOWN_TIMEOUT_MS: '20000', SHUTDOWN_DRAIN_MS: '10000' }).shutdownDrainMs).toBe(10_000);
    expect(load({ SHUTDOWN_TIMEOUT_MS: '600' }).shutdownDrainMs).toBe(300);
    expect(load({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '1500' })).toThrow(/SHUTDOWN_DRAIN_MS.*SHUTDOWN_TIMEOUT_MS/);
  });
  it('leaves staff routes open to staff without two-factor unless REQUIRE_2FA_FOR_STAFF; TOTP_ENCRYPTION_KEY is optional and at least 32 characters', () => {
    expect(load({}).require2faForStaff).toBe(false);
    expect(load({ REQUIRE_2FA_FOR_STAFF: 'true' }).require2faForStaff).toBe(true);
    expect(load({ REQUIRE_2FA_FOR_STAFF: '1' }).require2faForStaff).toBe(true);
    expect(load({ REQUIRE_2FA_FOR_STAFF: 'false' }).require2faForStaff).toBe(false);
    expect(load({}).totpEncryptionKey).toBeNull();
    expect(load({ TOTP_ENCRYPTION_KEY: 'k'.repeat(32) }).totpEncryptionKey).toBe('k'.repeat(32));
    expect(() => load({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY/);
  });

  it('recomputes trending hashtags every 300 s by default; TRENDING_REFRESH_SECONDS takes 10 to 86400', () => {
    expect(load({}).trendingRefreshSeconds).toBe(300);
    expect(load({ TRENDING_REFRESH_SECONDS: '60' }).trendingRefreshSeconds).toBe(60);
    for (const bad of ['9', '86401', '1.5', 'often', '-300']) {
      expect(() => load({ TRENDING_REFRESH_SECONDS: bad })).toThrow(new SettingsError(`TRENDING_REFRESH_SECONDS must be a whole number between 10 and 86400, got "${bad}"`));
    }
  });
  it('rotates the boost queue every 60 s by default; BOOST_ROTATE_SECONDS takes 10 to 86400', () => {
    expect(load({}).boostRotateSeconds).toBe(60);
    expect(load({ BOOST_ROTATE_SECONDS: '600' }).boostRotateSeconds).toBe(600);
    for (const bad of ['9', '86401', '2.5', 'hourly']) {
      expect(() => load({ BOOST_ROTATE_SECONDS: bad })).toThrow(new SettingsError(`BOOST_ROTATE_SECONDS must be a whole number between 10 and 86400, got "${bad}"`));
    }
  });
  it('bounds a filtered page walk at 5000 rows by default; FEED_SCAN_LIMIT takes 100 to 1000000', () => {
    expect(load({}).feedScanLimit).toBe(5000);
    expect(load({ FEED_SCAN_LIMIT: '200' }).feedScanLimit).toBe(200);
    for (const bad of ['99', '1000001', 'many']) expect(() => load({ FEED_SCAN_LIMIT: bad })).toThrow(/FEED_SCAN_LIMIT/);
  });
  it('keeps media on the local disk by default; STORAGE_DRIVER=s3 needs a bucket and checks the S3 settings at start', () => {
    expect(load({}).storage).toEqual({ driver: 'local', s3: null, mediaPublicUrl: null });
    const s3 = { STORAGE_DRIVER: 'S3', S3_BUCKET: 'cloud9-media', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' };
    const s = load({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' });
    expect(s.storage).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'cloud9-media', accessKeyId: 'key', forcePathStyle: true },
      mediaPublicUrl: 'https://cdn.example.com/media',
    });
    expect(s.s3SecretAccessKey).toBe('secret');
    // AWS itself: no endpoint, the SDK's own credentials, virtual-hosted URLs.
    expect(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media.example', S3_REGION: 'eu-west-1' }).storage.s3).toEqual({
      endpoint: null, region: 'eu-west-1', bucket: 'media.example', accessKeyId: null, forcePathStyle: false,
    });
    expect(() => load({ STORAGE_DRIVER: 'ftp' })).toThrow(new SettingsError('STORAGE_DRIVER must be one of local, s3, got "ftp"'));
    expect(() => load({ STORAGE_DRIVER: 's3' })).toThrow(/^S3_BUCKET must be a bucket name/);
    expect(() => load({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/^S3_BUCKET must be a bucket name/);
    expect(() => load({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(new SettingsError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'));
    expect(() => load({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must/);
    expect(() => load({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(new SettingsError('S3_FORCE_PATH_STYLE must be true or false, got "sometimes"'));
    expect(() => load({ MEDIA_PUBLIC_URL: 'cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL must be a URL/);
  });
  it('refuses to start with PayPal configured but no PAYPAL_WEBHOOK_ID, naming it', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(() => load(paypal)).toThrow(/^PAYPAL_WEBHOOK_ID must be set when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are/);
    expect(() => load({ ...paypal, PAYPAL_WEBHOOK_ID: ' ' })).toThrow(/^PAYPAL_WEBHOOK_ID must be set/);
    expect(load({ ...paypal, PAYPAL_WEBHOOK_ID: 'WH-1' }).paypalWebhookId).toBe('WH-1');
    expect(load({}).paypalWebhookId).toBeNull();
  });

  it('takes a VAPID pair only whole and well-formed, never echoing the private key; the subject is mailto: or https:', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(load(pair).vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(load({}).vapid).toBeNull();
    expect(() => load({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/must be set together/);
    expect(() => load({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(/^VAPID_PUBLIC_KEY must be/);
    let message = '';
    try {
      load({ ...pair, VAPID_PRIVATE_KEY: 'not-a-key-but-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^VAPID_PRIVATE_KEY must be/);
    expect(message).not.toContain('not-a-key-but-secret');
    expect(load({ SUPPORT_EMAIL: 'help@example.org' }).vapidSubject).toBe('mailto:help@example.org');
    expect(load({ VAPID_SUBJECT: 'https://cloud9.example' }).vapidSubject).toBe('https://cloud9.example');
    expect(() => load({ VAPID_SUBJECT: 'http://cloud9.example' })).toThrow(/^VAPID_SUBJECT must start with/);
    expect(load({}).pushAllowPrivateEndpoints).toBe(false);
    expect(load({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).pushAllowPrivateEndpoints).toBe(true);
  });
});
