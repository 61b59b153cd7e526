import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES, type Post, type PostThread } from '@cloud9/contracts';
import { PostPage } from './PostPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const renderPage = (path = '/post/3') =>
  renderAt(
    <Routes>
      <Route path="/post/:postId" element={<PostPage />} />
      <Route path="/" element={<p>Home screen</p>} />
    </Routes>,
    path,
  );

const root = makePost({ id: 1, content: 'The root', username: 'nimbus' });
const middle = makePost({ id: 2, parent_id: 1, content: 'The middle', username: 'stratus' });
const post = makePost({ id: 3, parent_id: 2, content: 'The post itself', likes: 3, repostsCount: 1, repliesCount: 2, originalPost: middle });
const reply = (id: number, content: string): Post => makePost({ id, parent_id: 3, content, username: 'cirrus', originalPost: post });
const thread = (over: Partial<PostThread> = {}): PostThread => ({ ancestors: [root, middle], post, replies: page([reply(10, 'First reply')], 'next-1'), ...over });

describe('PostPage (a thread)', () => {
  beforeEach(() => setSession(testUser()));

  it('shows a skeleton until the thread arrives, then ancestors root first (each linking to its page), the post and its replies', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubFetch((url) => (url === '/api/posts/3/thread' ? new Promise<Response>((r) => (answer = r)) : jsonResponse(plan)));
    renderPage();
    expect(screen.getByText(MESSAGES.post.loadingPost).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    await act(async () => answer(jsonResponse(thread())));
    const earlier = await screen.findByRole('navigation', { name: 'Earlier in the thread' });
    const ancestors = within(earlier).getAllByRole('article');
    expect(ancestors.map((a) => a.querySelector('.post-text')?.textContent)).toEqual(['The root', 'The middle']);
    expect(within(ancestors[0]).getByRole('link', { name: /open post$/ })).toHaveAttribute('href', '/post/1');
    expect(within(ancestors[1]).getByRole('link', { name: /open post$/ })).toHaveAttribute('href', '/post/2');
    expect(within(earlier).queryByRole('link', { name: MESSAGES.thread.earlier })).not.toBeInTheDocument();
    expect(screen.getByText('The post itself').closest('.thread-focus')).not.toBeNull();
    const replies = screen.getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('First reply')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offers a signed-in member every action on the post and its replies', async () => {
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(thread()) : jsonResponse(plan)));
    renderPage();
    const focus = (await screen.findByText('The post itself')).closest('article')!;
    for (const name of ['Reply, 2 replies', 'Repost, 1 repost', 'Like, 3 likes', 'Bookmark', 'Share', 'Post options']) {
      expect(within(focus).getByRole('button', { name })).toBeInTheDocument();
    }
    const firstReply = within(screen.getByRole('list', { name: 'Replies' })).getByRole('article');
    expect(within(firstReply).getByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Post counts' })).not.toBeInTheDocument();
  });

  it('reads only when signed out: counts as text, no action buttons', async () => {
    setSession(null);
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(thread()) : jsonResponse(plan)));
    renderPage();
    await screen.findByText('The post itself');
    const counts = screen.getByRole('list', { name: 'Post counts' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3 likes', '1 repost', '2 replies']);
    expect(screen.queryByRole('button', { name: /Like|Bookmark|Share|Post options/ })).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.thread.signInToAct)).toBeInTheDocument();
  });

  it('loads further replies with the replies endpoint and the cursor the thread gave', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/posts/3/thread') return jsonResponse(thread());
      if (url === '/api/posts/3/replies?cursor=next-1') return jsonResponse(page([reply(11, 'Second reply')]));
      return jsonResponse(plan);
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('First reply');
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('Second reply')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Replies' })).getAllByRole('article')).toHaveLength(2);
    expect(calls.filter((c) => c.url.startsWith('/api/posts/3/thread'))).toHaveLength(1);
  });

  it('links up from a chain cut below its root', async () => {
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(thread({ ancestors: [middle] })) : jsonResponse(plan)));
    renderPage();
    expect(await screen.findByRole('link', { name: MESSAGES.thread.earlier })).toHaveAttribute('href', '/post/1');
  });

  it('says "This post is unavailable" where the chain stops at a post the viewer may not see, with no link up past it', async () => {
    const cut = thread({ ancestors: [{ ...middle, originalPost: null, originalHidden: true }] });
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(cut) : jsonResponse(plan)));
    renderPage();
    const earlier = await screen.findByRole('navigation', { name: 'Earlier in the thread' });
    expect(within(earlier).getByText(MESSAGES.thread.unavailable)).toBeInTheDocument();
    expect(within(earlier).queryByRole('link', { name: MESSAGES.thread.earlier })).not.toBeInTheDocument();
    expect(within(earlier).getAllByRole('article').map((a) => a.querySelector('.post-text')?.textContent)).toEqual(['The middle']);
  });

  it('says "This post is unavailable" above a reply whose original the viewer may not see', async () => {
    const alone = thread({ ancestors: [], post: { ...post, originalPost: null, originalHidden: true } });
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(alone) : jsonResponse(plan)));
    renderPage();
    const earlier = await screen.findByRole('navigation', { name: 'Earlier in the thread' });
    expect(within(earlier).getByText(MESSAGES.thread.unavailable)).toBeInTheDocument();
    expect(within(earlier).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('The post itself').closest('.thread-focus')).not.toBeNull();
  });

  it('says a missing post was deleted or never existed, with a way Home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.post.notFoundOrDeleted, statusCode: 404 }, 404));
    renderPage();
    expect(await screen.findByText(MESSAGES.thread.gone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again after a failure that is not a 404, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    stubFetch((url) =>
      url === '/api/posts/3/thread' && fail ? jsonResponse({ success: false, error: 'x', statusCode: 500 }, 500) : url === '/api/posts/3/thread' ? jsonResponse(thread()) : jsonResponse(plan),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(MESSAGES.thread.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The post itself')).toBeInTheDocument();
  });

  it('has a Back link: Home when opened directly', async () => {
    stubFetch((url) => (url === '/api/posts/3/thread' ? jsonResponse(thread()) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderPage();
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});
