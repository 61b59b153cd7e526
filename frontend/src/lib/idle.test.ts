import { afterDelayWhenIdle } from './idle';

describe('afterDelayWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the delay, then for an idle moment (at the latest the delay again)', () => {
    const idle = vi.fn((callback: () => void, options: { timeout: number }) => setTimeout(callback, options.timeout));
    vi.stubGlobal('requestIdleCallback', idle);
    const task = vi.fn();
    afterDelayWhenIdle(task, 2000);
    vi.advanceTimersByTime(1999);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledWith(task, { timeout: 2000 });
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs right after the delay without requestIdleCallback, and never once cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    afterDelayWhenIdle(task, 500);
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    afterDelayWhenIdle(cancelled, 500)();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('cancels the idle callback it is waiting for', () => {
    vi.stubGlobal('requestIdleCallback', () => 7);
    const cancelIdle = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const cancel = afterDelayWhenIdle(() => undefined, 100);
    vi.advanceTimersByTime(100);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });
});
