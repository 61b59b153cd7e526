/**
 * Runs `task` once `delayMs` have passed and the browser is next idle (at the latest `delayMs`
 * later again); returns what cancels it. Where there is no requestIdleCallback, right after the delay.
 */
export function afterDelayWhenIdle(task: () => void, delayMs: number): () => void {
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: delayMs });
    else task();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}
