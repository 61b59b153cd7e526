import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { PostPage } from './PostPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const renderPage = () => renderAt(<Routes><Route path="/post/:postId" element={<PostPage />} /></Routes>, '/post/1');

describe('PostPage (single post)', () => {
  beforeEach(() => setSession(testUser()));

  it("shows 'Loading post...' until the post arrives", async () => {
    let answer: (r: Response) => void = () => undefined;
    stubFetch((url) => (url === '/api/posts/1' ? new Promise<Response>((r) => (answer = r)) : jsonResponse(page([]))));
    renderPage();
    expect(screen.getByText(MESSAGES.post.loadingPost)).toBeInTheDocument();
    await act(async () => answer(jsonResponse(makePost({ content: 'Up here' }))));
    expect(await screen.findByText('Up here')).toBeInTheDocument();
  });

  it("shows 'Post not found or deleted' on 404", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ success: false, error: 'Post not found.', statusCode: 404 }, 404));
    renderPage();
    expect(await screen.findByText(MESSAGES.post.notFoundOrDeleted)).toBeInTheDocument();
  });

  it('shows the post and its replies read-only, without action buttons', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/posts/1/replies')
        ? jsonResponse(page([makePost({ id: 2, parent_id: 1, content: 'First reply', username: 'cirrus' })]))
        : jsonResponse(makePost({ content: 'The original', likes: 3, repostsCount: 1, repliesCount: 1 })),
    );
    renderPage();
    expect(await screen.findByText('The original')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Post counts' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3 likes', '1 repost', '1 reply']);
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('First reply')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply,/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/posts/1/replies')).toBe(true);
  });

  it('has a Back link: Home when opened directly', async () => {
    stubFetch((url) => (url.startsWith('/api/posts/1/replies') ? jsonResponse(page([])) : jsonResponse(makePost({ content: 'Up here' }))));
    renderAt(
      <Routes>
        <Route path="/post/:postId" element={<PostPage />} />
        <Route path="/" element={<p>Home screen</p>} />
      </Routes>,
      '/post/1',
    );
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/');
    await userEvent.click(back);
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});
