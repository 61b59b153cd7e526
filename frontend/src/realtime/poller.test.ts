import { createFallbackPoller } from './poller';
import { fakeVisibility } from '../test/visibility';
import { createBrowserVisibility } from './visibility';

describe('the fallback poller in the leader tab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls while the browser is visible (any tab), even with the leader’s own tab hidden, and stops when no tab is', () => {
    const own = fakeVisibility(false);
    const browser = createBrowserVisibility(own);
    const poll = vi.fn();
    const poller = createFallbackPoller(poll, 5000, browser);
    poller.start();
    expect(poll).toHaveBeenCalledTimes(0); // nobody is looking
    browser.report('other-tab', true);
    expect(poll).toHaveBeenCalledTimes(1); // at once, then every 5 s
    vi.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(3);
    browser.report('other-tab', false);
    vi.advanceTimersByTime(20_000);
    expect(poll).toHaveBeenCalledTimes(3);
    own.set(true);
    vi.advanceTimersByTime(5000);
    expect(poll).toHaveBeenCalledTimes(5);
    poller.setSocketConnected(true);
    vi.advanceTimersByTime(20_000);
    expect(poll).toHaveBeenCalledTimes(5);
    poller.stop();
  });
});
