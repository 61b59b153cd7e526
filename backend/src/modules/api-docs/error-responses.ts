import { STATUS_CODES } from 'node:http';
import type { JsonSchema } from './json-schemas';

/**
 * The 4xx/5xx side of the document: every error leaves as the catalogue error (ErrorsFilter), and
 * some statuses carry headers a client should follow.
 */

/** `{ success: false, error, statusCode }`: the `error` text is the catalogue's (libs/contracts/src/*messages.ts). */
export const API_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'A message of the catalogue, fit to show to the person.' },
    statusCode: { type: 'integer', description: 'The HTTP status again.' },
  },
  required: ['success', 'error', 'statusCode'],
  additionalProperties: false,
};

/** A header of whole seconds; none is sent with every answer of its status, so none is `required`. */
const seconds = (description: string): Record<string, unknown> => ({ description, required: false, schema: { type: 'integer', minimum: 0 } });

/** Headers per error status. */
const ERROR_HEADERS: Record<number, Record<string, Record<string, unknown>>> = {
  // The general and per-route limits send all four; the limit on filtered reads only Retry-After; a
  // quota that is a rule, not a rate (a month's boosts), none.
  429: {
    'Retry-After': seconds('Seconds to wait before sending the request again (sent by the rate limits).'),
    'RateLimit-Limit': seconds('Requests the limit allows in its window (IETF RateLimit header fields draft).'),
    'RateLimit-Remaining': seconds('Requests left in the current window.'),
    'RateLimit-Reset': seconds('Seconds until the window starts again.'),
  },
  // A query past its time limit and a read refused while the instance drains say when to retry; a
  // dependency away or a write refused while draining do not.
  503: { 'Retry-After': seconds('Seconds to wait before sending the request again (when the wait is known).') },
};

/** What each status means here, for the reference. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: a malformed address, body or field (the message says which).',
  401: 'Not signed in, or the session has ended.',
  403: 'Not allowed: the caller lacks the right, or the request came from a page of another site.',
  404: 'Not found, or not visible to the caller.',
  409: 'In conflict with what exists.',
  410: 'Gone.',
  413: 'The body or file is larger than allowed.',
  415: 'The body is neither JSON, a URL-encoded form nor (for uploads) multipart/form-data.',
  422: 'Understood but refused.',
  429: 'Too many requests: wait as Retry-After says.',
  451: 'The GIF provider refuses requests from this region.',
  500: 'Something went wrong on the server.',
  502: 'A provider the route relies on failed.',
  503: 'A dependency is away, a query took too long, or the instance is shutting down; try again.',
  504: 'A provider the route relies on did not answer in time.',
};

/** The name of an error status's response component. */
export const errorResponseName = (status: number): string => `Error${status}`;

/** The response component of one error status: the catalogue error with that status, and its headers. */
export function errorResponse(status: number): Record<string, unknown> {
  const headers = ERROR_HEADERS[status];
  return {
    description: ERROR_DESCRIPTIONS[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`,
    ...(headers && { headers }),
    content: {
      'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { statusCode: { const: status } } }] } },
    },
  };
}
