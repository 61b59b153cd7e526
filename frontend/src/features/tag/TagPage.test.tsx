import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { TagPage } from './TagPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const renderPage = (path: string) => renderAt(<Routes><Route path="/tag/:tag" element={<TagPage />} /></Routes>, path);
const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

describe('TagPage', () => {
  beforeEach(() => setSession(testUser()));

  it("lists the tag's posts newest first from GET /api/posts?tag=, paging on with the cursor", async () => {
    const calls = stubFetch((url) => {
      if (!url.startsWith('/api/posts?')) return jsonResponse(plan);
      return url.includes('cursor=c1')
        ? jsonResponse(page([makePost({ id: 1, content: 'older #news' })]))
        : jsonResponse(page([makePost({ id: 3, content: 'newest #news', tags: ['news'] }), makePost({ id: 2, content: 'middle #News' })], 'c1'));
    });
    renderPage('/tag/news');
    expect(screen.getByRole('heading', { level: 1, name: '#news' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Posts with #news' });
    expect(within(list).getByText('newest')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('older')).toBeInTheDocument();
    const feedCalls = calls.filter((c) => c.url.startsWith('/api/posts?')).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(feedCalls[0].get('tag')).toBe('news');
    expect(feedCalls[1].get('cursor')).toBe('c1');
    expect(within(list).getAllByRole('article').map((a) => a.querySelector('.post-text')?.textContent)).toEqual(['newest #news', 'middle #News', 'older #news']);
    // The post actions are there.
    expect(within(list).getAllByRole('button', { name: /^Like/ })).toHaveLength(3);
  });

  it('goes from any spelling of the tag to its one lower-case address', async () => {
    stubFetch((url) => (url.startsWith('/api/posts?') ? jsonResponse(page([])) : jsonResponse(plan)));
    renderPage('/tag/NeWs');
    expect(await screen.findByRole('heading', { level: 1, name: '#news' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tag\/news$/);
  });

  it('says so when nothing carries the tag yet', async () => {
    stubFetch((url) => (url.startsWith('/api/posts?') ? jsonResponse(page([])) : jsonResponse(plan)));
    renderPage('/tag/quiet');
    expect(await screen.findByText(MESSAGES.tagFeed.empty('quiet'))).toBeInTheDocument();
  });

  it('shows the failure with a retry that loads the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    stubFetch((url) => {
      if (!url.startsWith('/api/posts?')) return jsonResponse(plan);
      return fail ? jsonResponse({ success: false, error: 'boom', statusCode: 500 }, 500) : jsonResponse(page([makePost({ content: 'back again' })]));
    });
    const user = userEvent.setup();
    renderPage('/tag/news');
    expect(await screen.findByText(MESSAGES.tagFeed.failed, {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('back again')).toBeInTheDocument();
  });

  it('asks nothing for a path that is not a tag', () => {
    const calls = stubFetch(() => jsonResponse(plan));
    renderPage('/tag/%2A%2A');
    expect(screen.getByText(MESSAGES.hashtags.invalidTag)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/posts?'))).toBe(false);
  });
});
