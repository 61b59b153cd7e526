import { DEFAULT_JOB_OPTIONS, JOB_ATTEMPTS, LOCK_DURATION_MS, retryDelayMs, retryWindowMs, STALLED_INTERVAL_MS, WORKER_POLICY } from './job-policy';

describe('job retry and takeover policy', () => {
  it('retries with a capped exponential backoff for over two minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 11].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryWindowMs()).toBeGreaterThanOrEqual(120_000);
    expect(DEFAULT_JOB_OPTIONS.attempts).toBe(JOB_ATTEMPTS);
    // The worker computes the custom backoff type with the same schedule.
    const strategy = WORKER_POLICY.settings!.backoffStrategy!;
    expect(strategy(3)).toBe(4000);
  });

  it('a job whose dependency is away for 60 s still has attempts left when it comes back', () => {
    // Attempt k starts at the sum of the delays before it; every attempt inside the outage fails.
    let at = 0;
    let attemptsAfterOutage = 0;
    for (let attempt = 1; attempt <= JOB_ATTEMPTS; attempt++) {
      if (at >= 60_000) attemptsAfterOutage++;
      at += retryDelayMs(attempt);
    }
    expect(attemptsAfterOutage).toBeGreaterThanOrEqual(3);
  });

  it("takes a dead worker's job back within 15 s (stall check marks it, the next check after the lock lapses moves it)", () => {
    const worstCaseMs = Math.max(2 * STALLED_INTERVAL_MS, LOCK_DURATION_MS + STALLED_INTERVAL_MS);
    expect(worstCaseMs).toBeLessThanOrEqual(10_000);
    expect(WORKER_POLICY).toMatchObject({ lockDuration: LOCK_DURATION_MS, stalledInterval: STALLED_INTERVAL_MS });
  });
});
