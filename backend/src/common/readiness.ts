import { Injectable } from '@nestjs/common';

/**
 * Whether this instance still takes new work. A shutdown turns it off first thing (the signal
 * handler, before anything closes; HttpDrain too, for a close without a signal), so the readiness
 * probe answers 503 while requests in flight finish and load balancers stop sending new ones.
 * `drained` settles then, for work that should stop waiting (a request waiting on a job answers 202).
 */
@Injectable()
export class Readiness {
  private isDraining = false;
  private markDrained!: () => void;
  readonly drained = new Promise<void>((resolve) => (this.markDrained = resolve));

  get draining(): boolean {
    return this.isDraining;
  }

  drain(): void {
    this.isDraining = true;
    this.markDrained();
  }
}
