import { LIMITS } from '@cloud9/contracts';
import { documentVisibility, type VisibilitySource } from './visibility';

export interface FallbackPoller {
  start: () => void;
  stop: () => void;
  setSocketConnected: (connected: boolean) => void;
}

/**
 * Calls `poll` every `intervalMs` (5 s in the app) while the socket is down AND the page is visible
 * (`visibility`: this tab, or for the leader tab any tab of the browser), and stops as soon as
 * either is no longer true. When it turns on and the last poll is older than one interval (start,
 * or coming back to a hidden page), it polls at once.
 */
export function createFallbackPoller(
  poll: () => void,
  intervalMs: number = LIMITS.notificationPollMs,
  visibility: VisibilitySource = documentVisibility,
): FallbackPoller {
  let started = false;
  let socketUp = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastPollAt = Number.NEGATIVE_INFINITY;
  let unsubscribe: (() => void) | null = null;

  const tick = () => {
    lastPollAt = Date.now();
    poll();
  };

  const update = () => {
    const shouldRun = started && !socketUp && visibility.visible();
    if (shouldRun && timer === null) {
      if (Date.now() - lastPollAt >= intervalMs) tick();
      timer = setInterval(tick, intervalMs);
    } else if (!shouldRun && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    start: () => {
      if (started) return;
      started = true;
      unsubscribe = visibility.subscribe(update);
      update();
    },
    stop: () => {
      started = false;
      unsubscribe?.();
      unsubscribe = null;
      update();
    },
    setSocketConnected: (connected) => {
      socketUp = connected;
      // A status fetched on (re)connect counts as a poll, so coming back later waits a full interval.
      if (connected) lastPollAt = Date.now();
      update();
    },
  };
}
