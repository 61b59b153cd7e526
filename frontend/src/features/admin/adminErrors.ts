import { ApiRequestError } from '../../api/client';

/** A job that ran and failed (its status said `failed`); `message` is the job's error. */
export class JobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailedError';
  }
}

/** The request never reached the server (fetch threw): the 'Could not contact …' case. */
export const isNetworkError = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 0;

export const isAbortError = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

export const isNotFound = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 404;

/** The server's (or the job's) error text, when there is one. */
function serverErrorText(err: unknown): string | undefined {
  if (err instanceof JobFailedError || err instanceof ApiRequestError) return err.message || undefined;
  return undefined;
}

/**
 * The message for a failed admin call: `network` when the server could not be reached,
 * else `server(error)` with the server's error text.
 */
export function failureMessage(err: unknown, network: string, server: (error: string | undefined) => string): string {
  return isNetworkError(err) ? network : server(serverErrorText(err));
}
