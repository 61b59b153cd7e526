import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@cloud9/contracts';
import { PagedList } from './PagedList';
import type { Cursor } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { renderAt } from '../../test/utils';
import { page } from '../../test/posts';

interface Row {
  id: number;
  text: string;
}

function Rows({ fetchPage }: { fetchPage: (cursor: Cursor) => Promise<Page<Row>> }) {
  const query = usePagedQuery(['rows'], (cursor) => fetchPage(cursor), 'Loading rows failed');
  return <PagedList query={query} className="post-list" label="Rows" emptyMessage="No rows." renderItem={(row) => row.text} endNote="That is all." />;
}

const rows = () => within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem').map((li) => li.textContent);

describe('PagedList over an infinite query', () => {
  it('loads page 0 without a cursor, then the next page with the cursor page 0 named, then ends', async () => {
    const fetchPage = vi.fn((cursor: Cursor) =>
      Promise.resolve(cursor === 'c1' ? page([{ id: 2, text: 'second' }]) : page([{ id: 1, text: 'first' }], 'c1')),
    );
    const user = userEvent.setup();
    renderAt(<Rows fetchPage={fetchPage} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(screen.queryByText('That is all.')).not.toBeInTheDocument();

    // jsdom has no IntersectionObserver, so the sentinel falls back to a button.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toEqual(['first', 'second']));
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('That is all.')).toBeInTheDocument();
  });

  it('a failed next page keeps the rows, logs, and offers Try again, which asks for the same page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failMore = true;
    const fetchPage = vi.fn((cursor: Cursor) => {
      if (!cursor) return Promise.resolve(page([{ id: 1, text: 'first' }], 'c1'));
      return failMore ? Promise.reject(new Error('down')) : Promise.resolve(page([{ id: 2, text: 'second' }]));
    });
    const user = userEvent.setup();
    renderAt(<Rows fetchPage={fetchPage} />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(rows()).toEqual(['first']);
    expect(logged).toHaveBeenCalledWith('Loading rows failed', expect.any(Error));

    failMore = false;
    await user.click(retry);
    await waitFor(() => expect(rows()).toEqual(['first', 'second']));
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c1', 'c1']);
  });

  it('a failed first page shows the empty message with Try again, which loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const fetchPage = vi.fn(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(page([{ id: 1, text: 'first' }]))));
    const user = userEvent.setup();
    renderAt(<Rows fetchPage={fetchPage} />);
    expect(await screen.findByText('No rows.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('first')).toBeInTheDocument();
  });
});
