import { Injectable } from '@nestjs/common';

/**
 * Whether this instance still takes new work. A shutdown turns it off first thing (the signal
 * handler, before anything closes; HttpDrain too, for a close without a signal), so the readiness
 * probe answers 503 while requests in flight finish and load balancers stop sending new ones.
 */
@Injectable()
export class Readiness {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  drain(): void {
    this.isDraining = true;
  }
}
