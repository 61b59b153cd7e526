import type Redis from 'ioredis';

/** What a command is rejected with once REDIS_COMMAND_TIMEOUT_MS has passed without an answer (ioredis's own words). */
export const COMMAND_TIMED_OUT = 'Command timed out';

/**
 * The app's shared connection's command deadline, in place of ioredis's `commandTimeout`.
 *
 * A command with no answer after `timeoutMs` fails, and the connection is dropped for ioredis to
 * reconnect: Redis has gone silent (stopped, swapping, a dead peer that TCP has not noticed). Until
 * it answers again the connection is not ready, so every later command fails at once (no offline
 * queue) instead of each waiting out its own deadline: a request that touches Redis several times
 * (rate limits, then the session) still answers its 503 within one deadline, not one per command.
 *
 * The deadline is judged after the process has read its sockets once past it. Node runs due timers
 * before it reads sockets, so on a machine busy enough that this process ran late, ioredis's timer
 * failed a command whose answer had arrived in time and sat unread, and the drop then failed every
 * other command in flight: a busy moment became a burst of 503s, with Redis answering throughout.
 */
export function failWhenSilent(redis: Redis, timeoutMs: number): Redis {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const [command] = args;
    const reply = send(...args) as Promise<unknown>;
    const deadline = setTimeout(
      () =>
        setImmediate(() => {
          if (command.isResolved) return;
          command.reject(new Error(COMMAND_TIMED_OUT));
          if (redis.status === 'ready') redis.disconnect(true);
        }),
      timeoutMs,
    );
    const settled = () => clearTimeout(deadline);
    reply.then(settled, settled);
    return reply;
  }) as Redis['sendCommand'];
  return redis;
}
