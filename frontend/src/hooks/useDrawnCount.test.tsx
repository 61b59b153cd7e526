import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { useDrawnCount } from './useDrawnCount';

function Count({ total, first }: { total: number; first: number }) {
  return <output>{useDrawnCount(total, first)}</output>;
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
});
