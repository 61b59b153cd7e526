import { Injectable } from '@nestjs/common';

/**
 * Where this instance is in a shutdown, in two steps. `drain()` (the signal handler, first thing):
 * the readiness probe answers 503 so load balancers stop sending, while the instance still accepts
 * and serves everything as usual for SHUTDOWN_DRAIN_MS (requests the balancer sent before it saw the
 * 503 are answered, not refused or cut). `stop()` (app.close(), after that delay; at once for a close
 * without a signal): the port stops accepting, requests in flight finish, then everything closes.
 * `stopped` settles then, for work that should stop waiting (a request waiting on a job answers 202).
 */
@Injectable()
export class Readiness {
  private isDraining = false;
  private isStopping = false;
  private drainingSince = 0;
  private markStopped!: () => void;
  readonly stopped = new Promise<void>((resolve) => (this.markStopped = resolve));

  get draining(): boolean {
    return this.isDraining;
  }

  get stopping(): boolean {
    return this.isStopping;
  }

  drain(): void {
    if (!this.isDraining) this.drainingSince = Date.now();
    this.isDraining = true;
  }

  stop(): void {
    this.drain();
    this.isStopping = true;
    this.markStopped();
  }

  /** What is left now of a shutdown deadline (SHUTDOWN_TIMEOUT_MS), counted from `drain()`: the time the closing steps share. */
  shutdownLeftMs(timeoutMs: number): number {
    return this.isDraining ? Math.max(0, timeoutMs - (Date.now() - this.drainingSince)) : timeoutMs;
  }
}
