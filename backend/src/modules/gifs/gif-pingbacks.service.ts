import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MESSAGES, type GifPingbackEvent } from '@cloud9/contracts';
import { GiphyClient } from './giphy.client';

/** Batches on their way to the provider at once, per process; past it a batch is dropped. */
const MAX_IN_FLIGHT = 32;

/**
 * Forwards the browser's GIF analytics to the provider's pingback service with the server's key,
 * fire-and-forget: the request that brought them is answered before the provider is asked, each
 * forward gives up after GIPHY_PINGBACK_TIMEOUT_MS, and failures are only logged (analytics may be
 * lost; the provider's own client library drops them the same way).
 */
@Injectable()
export class GifPingbacksService {
  private readonly logger = new Logger(GifPingbacksService.name);
  private inFlight = 0;
  /** The forwards still running (tests and shutdown can wait for them). */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly giphy: GiphyClient) {}

  forward(events: GifPingbackEvent[]): void {
    if (!this.giphy.configured) throw new ServiceUnavailableException(MESSAGES.gifs.notConfigured);
    if (this.inFlight >= MAX_IN_FLIGHT) {
      this.logger.warn(`GIF pingback dropped: ${this.inFlight} batches already on their way`);
      return;
    }
    this.inFlight++;
    const sent = this.giphy
      .sendPingback(events)
      .catch((error: Error) => this.logger.warn(`GIF pingback not delivered: ${error.message}`))
      .finally(() => {
        this.inFlight--;
        this.running.delete(sent);
      });
    this.running.add(sent);
  }

  /** Resolves once every forward started so far has ended. */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
