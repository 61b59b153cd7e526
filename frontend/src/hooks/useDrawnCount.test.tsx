import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { useDrawnCount } from './useDrawnCount';

/** Every count it draws, in order. */
const seen: number[] = [];

function Count({ total, first, step }: { total: number; first: number; step?: number }) {
  const drawn = useDrawnCount(total, first, step);
  seen.push(drawn);
  return <output>{drawn}</output>;
}

describe('useDrawnCount', () => {
  // Outside act(), which would finish the deferred render before handing back: the first paint is what is checked.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasAct: boolean | undefined;
  beforeEach(() => {
    wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  });

  it('answers `first` on mount and `total` in the render right after; never more than there are', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    flushSync(() => root.render(<Count total={9} first={3} />));
    expect(container.textContent).toBe('3');
    await waitFor(() => expect(container.textContent).toBe('9'));

    flushSync(() => root.render(<Count total={2} first={3} />));
    await waitFor(() => expect(container.textContent).toBe('2'));
    root.unmount();

    const small = createRoot(container);
    flushSync(() => small.render(<Count total={2} first={3} />));
    expect(container.textContent).toBe('2');
    small.unmount();
    container.remove();
  });

  it('with a step, draws `step` more per deferred render, each committed before the next, up to `total`', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    seen.length = 0;
    flushSync(() => root.render(<Count total={8} first={3} step={2} />));
    expect(container.textContent).toBe('3');
    await waitFor(() => expect(container.textContent).toBe('8'));
    // Each count was on the screen before the next: 3, 5, 7, then the last one.
    const shown = seen.filter((n, i) => n !== seen[i - 1]);
    expect(shown).toEqual([3, 5, 7, 8]);

    // Fewer items (a search): at once, never more than there are.
    flushSync(() => root.render(<Count total={2} first={3} step={2} />));
    expect(container.textContent).toBe('2');
    root.unmount();
    container.remove();
  });
});
