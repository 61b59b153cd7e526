/**
 * The media store (modules/media/storage) did not answer: down, unreachable, silent, refusing our
 * credentials. The request answers 503 like for PostgreSQL or Redis being away.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

/** The connection failed or dropped (either service). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (admin / crash shutdown, cannot connect
 * now: stopping or starting) and 53300 (too many connections).
 */
const isPostgresUnavailable = (sqlState: string) => sqlState.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(sqlState);

/** What the drivers say, without a code, when the server went away or never answered. */
const UNAVAILABLE_MESSAGES = [
  // pg and pg-pool
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  // ioredis: silent server, closed or not-yet-ready connection
  /^Command timed out$/,
  /^Connection is closed\.$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  // Redis replies while it loads its data, or is out of memory under noeviction
  /^(LOADING|OOM|MASTERDOWN|TRYAGAIN) /,
];

/**
 * Whether an error means PostgreSQL, Redis or the media store is away (down, restarting, unreachable or silent), as
 * opposed to a bug or a bad request: the request then answers 503 'The service is temporarily
 * unavailable.' and the client may retry. Errors arrive raw (ioredis, pg, a socket) or wrapped
 * (TypeORM's QueryFailedError keeps the driver's error in `driverError`, Node's AggregateError lists
 * one error per address tried).
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, name, message, driverError, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || isPostgresUnavailable(code))) return true;
  // ioredis gave up; the media store did not answer.
  if (name === 'MaxRetriesPerRequestError' || error instanceof StorageUnavailableError) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((e) => isDependencyUnavailable(e, depth + 1));
}
