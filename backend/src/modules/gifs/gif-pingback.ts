import { BadRequestException } from '@nestjs/common';
import { GIF_MESSAGES, GIF_PINGBACK_ACTIONS, LIMITS, type GifPingbackAction, type GifPingbackEvent } from '@cloud9/contracts';
import { PINGBACK_ID } from './gif-query';

/** The provider's analytics token as the GIF lists hand it out (see giphy-answers). */
const ANALYTICS_PAYLOAD = /^[\x21-\x7e]{1,1000}$/;
/** An event's time may be this far from the server's clock (a tab asleep, a skewed clock). */
const TS_SLACK_MS = 24 * 3600 * 1000;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function event(raw: unknown, now: number): GifPingbackEvent {
  const refuse = () => new BadRequestException(GIF_MESSAGES.invalidPingback);
  if (!isObject(raw)) throw refuse();
  const { action_type, analytics_response_payload, ts, user_id } = raw;
  if (typeof action_type !== 'string' || !GIF_PINGBACK_ACTIONS.includes(action_type as GifPingbackAction)) throw refuse();
  if (typeof analytics_response_payload !== 'string' || !ANALYTICS_PAYLOAD.test(analytics_response_payload)) throw refuse();
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || Math.abs(ts - now) > TS_SLACK_MS) throw refuse();
  if (typeof user_id !== 'string' || !PINGBACK_ID.test(user_id)) throw refuse();
  // Rebuilt field by field: nothing else the browser sent reaches the provider.
  return { action_type: action_type as GifPingbackAction, analytics_response_payload, ts, user_id };
}

/**
 * Validates POST /api/gifs/pingback's `{ events }`: 1 to LIMITS.gifPingbackBatchMax events, each an
 * action of GIF_PINGBACK_ACTIONS, the GIF's analytics token, a time near now and the browser's
 * pingback id. Anything else is a 400 with one catalogue message.
 */
export function parsePingbackBatch(body: unknown, now = Date.now()): GifPingbackEvent[] {
  if (!isObject(body) || !Array.isArray(body.events) || body.events.length < 1 || body.events.length > LIMITS.gifPingbackBatchMax) {
    throw new BadRequestException(GIF_MESSAGES.invalidPingback);
  }
  return body.events.map((raw) => event(raw, now));
}
