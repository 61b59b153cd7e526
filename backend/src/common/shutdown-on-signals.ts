import { INestApplicationContext, Logger } from '@nestjs/common';
import { Readiness } from './readiness';

/**
 * SIGTERM or SIGINT first marks the instance not ready (the readiness probe answers 503 at once),
 * then keeps serving for `drainMs` (SHUTDOWN_DRAIN_MS; 0 for a worker, which has no port) so load
 * balancers see the 503 and stop sending before anything is refused, then closes the app gracefully
 * (stop accepting, tell and close the sockets, let requests in flight finish: HttpDrain and
 * RealtimeGateway; then the shutdown hooks close jobs, Redis and the database) and exits. Whatever
 * still hangs (a silent Redis, a job that will not stop, a database that is away), the process exits
 * `timeoutMs` after the signal anyway (the drain included), so an orchestrator never waits on it. A
 * second signal exits at once.
 */
export function shutDownOnSignals(app: INestApplicationContext, { timeoutMs, drainMs }: { timeoutMs: number; drainMs: number }): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.get(Readiness).drain();
    logger.log(`${signal}: closing (at most ${timeoutMs} ms; serving ${drainMs} ms more while ready answers 503)`);
    setTimeout(() => {
      logger.warn(`still closing after ${timeoutMs} ms: exiting now`);
      process.exit(1);
    }, timeoutMs).unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: Error) => {
          logger.error(`closing failed: ${error.stack ?? error.message}`);
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}
