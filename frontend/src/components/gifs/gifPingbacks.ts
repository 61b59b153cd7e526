import { LIMITS, type GifObject, type GifPingbackAction, type GifPingbackEvent } from '@cloud9/contracts';
import { GIF_PINGBACK_ID, gifFixedHeightUrl, sendGifPingbacks } from '../../api/gifs';

/** Events kept at most while waiting (a tab that never gets to send must not grow without end). */
const QUEUE_MAX = 500;
/** Chosen GIFs remembered for their later SENT event (by the URL the post stores). */
const CHOSEN_MAX = 50;

export interface GifPingbackQueueOptions {
  send: (events: GifPingbackEvent[]) => unknown;
  /** Quiet time after the last event before the batch goes (the provider's 1 s). */
  debounceMs?: number;
  batchMax?: number;
  now?: () => number;
}

/**
 * GIF analytics events in the provider's pingback format, sent in batches: each new event restarts
 * a 1 s timer, and when it runs out everything queued goes (at most `batchMax` events a request).
 * `flush()` sends at once (the page is being hidden).
 */
export function createGifPingbackQueue({ send, debounceMs = LIMITS.pingbackDebounceMs, batchMax = LIMITS.gifPingbackBatchMax, now = () => Date.now() }: GifPingbackQueueOptions) {
  let queue: GifPingbackEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const chosen = new Map<string, string>();

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const events = queue;
    queue = [];
    for (let i = 0; i < events.length; i += batchMax) send(events.slice(i, i + batchMax));
  };

  const record = (action: GifPingbackAction, payload: string | undefined) => {
    // A GIF without the provider's analytics token has nothing to report.
    if (!payload) return;
    queue.push({ action_type: action, analytics_response_payload: payload, ts: now(), user_id: GIF_PINGBACK_ID });
    if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  return {
    /** The GIFs a list has just shown. */
    seen(gifs: readonly GifObject[]) {
      for (const gif of gifs) record('SEEN', gif.analytics_response_payload);
    },
    /** A GIF chosen for a post; remembered so posting it can report SENT. */
    chosen(gif: GifObject) {
      record('CLICK', gif.analytics_response_payload);
      if (!gif.analytics_response_payload) return;
      chosen.delete(gifFixedHeightUrl(gif));
      chosen.set(gifFixedHeightUrl(gif), gif.analytics_response_payload);
      if (chosen.size > CHOSEN_MAX) chosen.delete(chosen.keys().next().value as string);
    },
    /** A post carrying the GIF at `url` was created. */
    sent(url: string) {
      record('SENT', chosen.get(url));
      chosen.delete(url);
    },
    flush,
    /** Events waiting for the timer (tests). */
    get pending(): number {
      return queue.length;
    },
  };
}

/** The app's one queue: it sends through our server, and flushes when the page is hidden or left. */
export const gifPingbacks = createGifPingbackQueue({ send: (events) => void sendGifPingbacks(events) });

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', gifPingbacks.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') gifPingbacks.flush();
  });
}

/** For the composers, which do not load the pickers' code up front: reports SENT if a picker chose the GIF. */
export function reportGifSent(url: string | null): void {
  if (url) gifPingbacks.sent(url);
}
