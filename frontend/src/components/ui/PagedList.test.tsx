import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@cloud9/contracts';
import { PagedList } from './PagedList';
import type { Cursor, PagedQuery } from '../../queries/paging';
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

/**
 * Renders into a root of its own outside act(), which would finish a deferred render before handing
 * back: what a test checks first is the first paint.
 */
async function outsideAct(check: (container: HTMLElement, root: Root) => Promise<void>) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  try {
    await check(container, root);
  } finally {
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  }
}

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

  it('draws the first four items with the data and the rest in a render right after; the sentinel that asks for more only then', async () => {
    const items: Row[] = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, text: `row ${i + 1}` }));
    const query = {
      data: { pages: [page(items, 'c1')], pageParams: [null] },
      isError: false,
      isFetching: false,
      isFetchingNextPage: false,
      isFetchNextPageError: false,
      hasNextPage: true,
      fetchNextPage: vi.fn(),
      refetch: vi.fn(),
    } as unknown as PagedQuery<Row>;
    await outsideAct(async (container, root) => {
      flushSync(() => root.render(<PagedList query={query} className="post-list" label="Rows" emptyMessage="No rows." renderItem={(row) => row.text} />));
      expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);
      expect(within(container).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

      await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(20));
      expect(container.querySelector('li:last-child')).toHaveTextContent('row 20');
      expect(within(container).getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    });
  });

  it('keeps the skeleton through the render that brings a page and draws the page in the deferred render after it', async () => {
    const loading = { data: undefined, isError: false, isFetching: true, isFetchingNextPage: false, isFetchNextPageError: false, hasNextPage: false, fetchNextPage: vi.fn(), refetch: vi.fn() };
    const loaded = { ...loading, isFetching: false, data: { pages: [page([{ id: 1, text: 'row 1' }])], pageParams: [null] } };
    const list = (query: object) => (
      <PagedList query={query as PagedQuery<Row>} className="post-list" label="Rows" emptyMessage="No rows." renderItem={(row) => row.text} placeholder={<span>bones</span>} />
    );
    await outsideAct(async (container, root) => {
      flushSync(() => root.render(list(loading)));
      flushSync(() => root.render(list(loaded)));
      expect(container).toHaveTextContent('bones');
      expect(container.querySelector('li')).toBeNull();
      await waitFor(() => expect(container.querySelector('li')).toHaveTextContent('row 1'));
      expect(container).not.toHaveTextContent('bones');
    });
  });

  describe('pages that come back short or empty with a cursor (the server looks at a bounded number of rows per page)', () => {
    /** A viewport where the sentinel is always in view: it asks as soon as it is drawn. */
    class AlwaysVisible {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        setTimeout(() => this.callback([{ isIntersecting: true }]), 0);
      }
      disconnect() {}
    }
    beforeEach(() => vi.stubGlobal('IntersectionObserver', AlwaysVisible));
    afterEach(() => vi.unstubAllGlobals());

    it('an empty first page with a cursor is not the end: the list reads on while the sentinel is in view', async () => {
      const fetchPage = vi.fn((cursor: Cursor) =>
        Promise.resolve(cursor === null ? page<Row>([], 'c1') : cursor === 'c1' ? page([{ id: 1, text: 'found' }], 'c2') : page([{ id: 2, text: 'last' }])),
      );
      renderAt(<Rows fetchPage={fetchPage} />);
      await waitFor(() => expect(rows()).toEqual(['found', 'last']));
      expect(screen.queryByText('No rows.')).not.toBeInTheDocument();
      expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c1', 'c2']);
      expect(await screen.findByText('That is all.')).toBeInTheDocument();
    });

    it('after three empty pages in a row it stops reading by itself and offers Load more (no loop), which reads on', async () => {
      let n = 0;
      const fetchPage = vi.fn((cursor: Cursor) => {
        n += 1;
        return Promise.resolve(cursor === null ? page([{ id: 1, text: 'first' }], 'c1') : page<Row>([], `c${n}`));
      });
      const user = userEvent.setup();
      renderAt(<Rows fetchPage={fetchPage} />);
      const more = await screen.findByRole('button', { name: 'Load more' });
      expect(fetchPage).toHaveBeenCalledTimes(4);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetchPage).toHaveBeenCalledTimes(4);
      expect(rows()).toEqual(['first']);
      expect(screen.queryByText('That is all.')).not.toBeInTheDocument();

      await user.click(more);
      await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(5));
      expect(await screen.findByRole('button', { name: 'Load more' })).toBeInTheDocument();
    });
  });
});
