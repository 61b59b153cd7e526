import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { BookmarksPage } from './BookmarksPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

describe('BookmarksPage', () => {
  beforeEach(() => setSession(testUser()));

  it('says nothing is saved yet, with a hint, when there are none', async () => {
    stubFetch((url) => (url.startsWith('/api/bookmarks') ? jsonResponse(page([])) : jsonResponse(plan)));
    renderAt(<BookmarksPage />, '/bookmarks');
    expect(screen.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.bookmarks.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.bookmarks.emptyHint)).toBeInTheDocument();
  });

  it('lists the saved posts and drops one as soon as it is unsaved', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/bookmarks') return jsonResponse(page([makePost({ id: 1, content: 'Kept one', bookmarked: true }), makePost({ id: 2, content: 'Kept two', bookmarked: true })]));
      if (url === '/api/bookmarks/1') return jsonResponse({ success: true, bookmarked: false });
      return jsonResponse(plan);
    });
    const user = userEvent.setup();
    renderAt(<BookmarksPage />, '/bookmarks');
    const list = await screen.findByRole('list', { name: 'Bookmarks' });
    const first = within(list).getByText('Kept one').closest('article')!;
    expect(within(first).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(first).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(screen.queryByText('Kept one')).not.toBeInTheDocument());
    expect(screen.getByText('Kept two')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/bookmarks/1')?.init.method).toBe('DELETE');
  });
});
