import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SidePanel } from './SidePanel';
import { useDonationStore } from '../../stores/donation';
import { alertTexts, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

describe('SidePanel', () => {
  it.each([2, 3, 4, 5, 6, 9])('hides Admin Tools from group %i', (group_id) => {
    setSession(testUser({ group_id }));
    renderAt(<SidePanel />);
    expect(screen.queryByRole('link', { name: 'Admin Tools' })).not.toBeInTheDocument();
  });

  it('shows Admin Tools, linking to /admin-tools, to group 1 only', () => {
    setSession(testUser({ group_id: 1 }));
    renderAt(<SidePanel />);
    expect(screen.getByRole('link', { name: 'Admin Tools' })).toHaveAttribute('href', '/admin-tools');
  });

  it.each([1, 2, 3, 4])('links the moderation queue for group %i', (group_id) => {
    setSession(testUser({ group_id }));
    renderAt(<SidePanel />);
    expect(screen.getByRole('link', { name: 'Moderation queue' })).toHaveAttribute('href', '/moderation');
  });

  it.each([5, 6, 9])('shows no moderation queue link to group %i', (group_id) => {
    setSession(testUser({ group_id }));
    renderAt(<SidePanel />);
    expect(screen.queryByRole('link', { name: 'Moderation queue' })).not.toBeInTheDocument();
  });

  it('stores the chosen feed under selectedCategory and goes Home', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<SidePanel />, '/settings');
    await user.click(screen.getByRole('button', { name: /Technology/ }));
    expect(localStorage.getItem('selectedCategory')).toBe('Technology');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lists the feeds from contracts', () => {
    setSession(testUser());
    renderAt(<SidePanel />);
    for (const topic of ['Entertainment', 'Frump', 'Social Media', 'Technology', 'Travel']) {
      expect(screen.getByRole('button', { name: new RegExp(`^#?${topic}$`) })).toBeInTheDocument();
    }
  });

  it('shows a skeleton, then the trending tags from GET /api/trending, each linking to its feed with a readable count', async () => {
    setSession(testUser());
    let answer: (r: Response) => void = () => undefined;
    stubFetch((url) => (url === '/api/trending' ? new Promise<Response>((r) => (answer = r)) : jsonResponse({})));
    renderAt(<SidePanel />);
    const card = screen.getByRole('region', { name: 'Trending topics' });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading trending topics...');
    await act(async () =>
      answer(jsonResponse({ items: [{ tag: 'rust', count: 1234 }, { tag: 'café', count: 1 }, { tag: 'news', count: 0 }] })),
    );
    const links = within(card).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['#rust, 1,234 people posting', '/tag/rust'],
      ['#café, 1 person posting', `/tag/${encodeURIComponent('café')}`],
      ['#news', '/tag/news'], // 0: the server does not know (no list stored)
    ]);
    expect(links[0]).toHaveAccessibleName(/^rust ?, 1,234 people posting$/);
    const user = userEvent.setup();
    await user.click(links[0]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tag\/rust$/);
  });

  it('falls back quietly to the four default topics when trending cannot be read', async () => {
    setSession(testUser());
    const logged = vi.spyOn(console, 'error');
    stubFetch(() => jsonResponse({ success: false, error: 'Service unavailable.', statusCode: 503 }, 503));
    renderAt(<SidePanel />);
    const card = screen.getByRole('region', { name: 'Trending topics' });
    await waitFor(() => expect(within(card).queryByRole('status')).not.toBeInTheDocument());
    expect(within(card).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['#health', '/tag/health'],
      ['#la', '/tag/la'],
      ['#news', '/tag/news'],
      ['#politics', '/tag/politics'],
    ]);
    expect(logged).not.toHaveBeenCalled();
    expect(alertTexts()).toEqual([]);
  });

  it('is not drawn below 1100 px, where the More sheet holds its content: no trending request, drawn again when the window widens', () => {
    setSession(testUser());
    const calls = stubFetch(() => jsonResponse({ items: [] }));
    let narrow = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(max-width: 1100px)' && narrow;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    renderAt(<SidePanel />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/trending')).toHaveLength(0);

    narrow = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.getByRole('complementary', { name: 'Topics and extras' })).toBeInTheDocument();
  });

  it('Gift Us opens the donation dialog', async () => {
    setSession(testUser());
    useDonationStore.setState({ open: false });
    const user = userEvent.setup();
    renderAt(<SidePanel />);
    await user.click(screen.getByRole('button', { name: 'Gift Us' }));
    expect(useDonationStore.getState().open).toBe(true);
  });
});
