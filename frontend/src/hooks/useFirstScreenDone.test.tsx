import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@cloud9/contracts';
import { useFirstScreenDone } from './useFirstScreenDone';
import { renderAt } from '../test/utils';

/** What was put off (lib/idle.ts), run by hand here. */
const deferred = vi.hoisted(() => [] as { task: () => void; delayMs: number; cancelled: boolean }[]);
vi.mock('../lib/idle', () => ({
  afterDelayWhenIdle: (task: () => void, delayMs: number) => {
    const entry = { task, delayMs, cancelled: false };
    deferred.push(entry);
    return () => {
      entry.cancelled = true;
    };
  },
}));

let answer: (value: string) => void = () => undefined;

function Screen() {
  const { data } = useQuery({ queryKey: ['first'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  return <p>{`${data ?? 'waiting'}, ${useFirstScreenDone() ? 'done' : 'not done'}`}</p>;
}

const pending = () => deferred.filter((d) => !d.cancelled);

describe('useFirstScreenDone', () => {
  beforeEach(() => {
    deferred.length = 0;
  });

  it('waits for the screen’s queries to answer, then for an idle moment; at the latest LIMITS.afterFirstScreenMs after mounting', async () => {
    renderAt(<Screen />);
    expect(screen.getByText('waiting, not done')).toBeInTheDocument();
    expect(pending().map((d) => d.delayMs)).toEqual([LIMITS.afterFirstScreenMs]);

    await act(async () => answer('answered'));
    expect(screen.getByText('answered, not done')).toBeInTheDocument();
    expect(pending().map((d) => d.delayMs)).toEqual([LIMITS.afterFirstScreenMs, 0]);

    act(() => pending()[1].task());
    expect(screen.getByText('answered, done')).toBeInTheDocument();
  });

  it('is done after LIMITS.afterFirstScreenMs even while a query is still out', () => {
    renderAt(<Screen />);
    act(() => pending()[0].task());
    expect(screen.getByText('waiting, done')).toBeInTheDocument();
  });
});
