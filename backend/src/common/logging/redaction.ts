/** What a censored value is written as. */
export const REDACTED = '[redacted]';

/** Keys whose value is a secret wherever they appear in a logged object (bodies, errors, settings). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'secret',
  'sessionSecret',
  'clientSecret',
  'client_secret',
  'paypalClientSecret',
  'secretAccessKey',
  'accessKeySecret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'metricsToken',
  'apiKey',
  'api_key',
  'giphyApiKey',
  'cookie',
  'authorization',
  // Two-factor (decision 0093): the TOTP secret, its address and QR code, recovery codes and their hashes.
  'otpauthUrl',
  'qrSvg',
  'secret_enc',
  'recoveryCode',
  'recoveryCodes',
  'code_hash',
];

/** Headers that carry credentials, by the name Node gives them (lower case). */
const SECRET_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'set-cookie', 'x-api-key'];

/** How deep below the top a secret key is still found (pino's paths name each level). */
const DEPTHS = ['', '*.', '*.*.', '*.*.*.'];

/**
 * The paths pino censors in every line. The request log writes no headers or bodies at all; these
 * catch whatever else would carry a secret: an error with its request's config, a body or settings
 * logged by hand, the parameters of a failed query.
 */
export const REDACT_PATHS: string[] = [
  ...DEPTHS.flatMap((depth) => SECRET_KEYS.map((key) => `${depth}${key}`)),
  ...DEPTHS.flatMap((depth) => SECRET_HEADERS.map((name) => `${depth}headers["${name}"]`)),
  // A failed query's values (a password hash, an e-mail address): the statement is enough to debug it.
  'err.parameters',
  'err.driverError.parameters',
  // A body's authenticator code (not `*.code` everywhere: an error's code is what debugging needs).
  'body.code',
];

/**
 * The cheaper set the request's own logger uses (req.log, built for every request, and the closing
 * line): the same keys at the top level and the known deep places, no wildcards. Wildcard paths are
 * walked for every child logger made, which made them a third of a cached feed page's CPU.
 */
export const REQUEST_REDACT_PATHS: string[] = [
  ...SECRET_KEYS,
  ...SECRET_HEADERS.map((name) => `headers["${name}"]`),
  ...['body', 'query', 'settings', 'config', 'err.config'].flatMap((parent) => SECRET_KEYS.map((key) => `${parent}.${key}`)),
  ...['req', 'res', 'err.config', 'err.response'].flatMap((parent) => SECRET_HEADERS.map((name) => `${parent}.headers["${name}"]`)),
  'err.parameters',
  'err.driverError.parameters',
  'body.code',
];

/** Query parameters whose value is never logged (a URL is logged with its query). */
const SECRET_QUERY = /([?&](?:token|access_token|password|secret|key|api_key|apikey|code|signature|sig)=)[^&#]*/gi;

/** The URL as it may be logged: secret-looking query values censored. */
export const loggableUrl = (url: string): string => url.replace(SECRET_QUERY, `$1${REDACTED}`);
