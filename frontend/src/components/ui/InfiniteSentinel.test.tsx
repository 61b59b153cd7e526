import { render } from '@testing-library/react';
import { InfiniteSentinel } from './InfiniteSentinel';

describe('InfiniteSentinel', () => {
  it('observes with a 250 px root margin and calls back when visible', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const options: (IntersectionObserverInit | undefined)[] = [];
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        callback = cb;
        options.push(init);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onVisible = vi.fn();
    render(<InfiniteSentinel onVisible={onVisible} />);
    expect(options[0]?.rootMargin).toBe('250px');
    callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(onVisible).not.toHaveBeenCalled();
    callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(onVisible).toHaveBeenCalledTimes(1);
  });
});
