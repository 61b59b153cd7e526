import type Redis from 'ioredis';

/** What ioredis rejects a command with once REDIS_COMMAND_TIMEOUT_MS has passed without an answer. */
const COMMAND_TIMED_OUT = 'Command timed out';

/**
 * A command that times out on a ready connection means Redis has gone silent (stopped, swapping, a
 * dead peer that TCP has not noticed): drop the connection and let ioredis reconnect. Until Redis
 * answers again the connection is not ready, so every later command fails at once (no offline
 * queue) instead of each waiting out its own timeout: a request that touches Redis several times
 * (rate limits, then the session) still answers its 503 within one timeout, not one per command.
 */
export function reconnectWhenSilent(redis: Redis): Redis {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const reply = send(...args) as Promise<unknown>;
    reply.catch((error: Error | undefined) => {
      if (error?.message === COMMAND_TIMED_OUT && redis.status === 'ready') redis.disconnect(true);
    });
    return reply;
  }) as Redis['sendCommand'];
  return redis;
}
