import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { PostCard } from './PostCard';
import { pageItems, type PagedData } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { jsonResponse, pagedData, renderAt, setSession, stubFetch, testUser, alertTexts, answerConfirm } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Post options' }));
  return screen.getByRole('menu', { name: 'Post options' });
}
const entryNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((i) => i.textContent);

describe('PostCard text', () => {
  beforeEach(() => setSession(testUser()));

  it('cuts text at 300 with Show more, which opens the full post in a modal', async () => {
    stubFetch(() => jsonResponse(plan));
    const long = `${'a'.repeat(300)}TAIL`;
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ content: long })} />);
    expect(screen.queryByText(long)).not.toBeInTheDocument();
    expect(screen.getByText(`${'a'.repeat(300)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const dialog = screen.getByRole('dialog', { name: 'Post by @other' });
    expect(within(dialog).getByText(long)).toBeInTheDocument();
  });

  it('does not offer Show more for text within 300', () => {
    stubFetch(() => jsonResponse(plan));
    renderAt(<PostCard post={makePost({ content: 'a'.repeat(300) })} />);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('inline mode (public profile) cuts at 200 and toggles Show more / Show less', async () => {
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ content: 'b'.repeat(250) })} truncateAt={200} expand="inline" />);
    expect(screen.getByText(`${'b'.repeat(200)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText('b'.repeat(250))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByText(`${'b'.repeat(200)}…`)).toBeInTheDocument();
  });

  it('links the author to the profile, shows relative time and the Boosted badge', () => {
    stubFetch(() => jsonResponse(plan));
    renderAt(<PostCard post={makePost({ isBoosted: true })} />);
    expect(screen.getByRole('link', { name: /Other Person @other/ })).toHaveAttribute('href', '/profile/other');
    expect(screen.getByText('5m').tagName).toBe('TIME');
    expect(screen.getByText(/Boosted/)).toBeInTheDocument();
  });
});

describe('PostCard like', () => {
  beforeEach(() => setSession(testUser()));

  it('is optimistic, then takes the server numbers', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubFetch((url) => (url === '/api/posts/1/like' ? new Promise<Response>((r) => (answer = r)) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ likes: 4 })} />);
    await user.click(screen.getByRole('button', { name: 'Like, 4 likes' }));
    const pressed = screen.getByRole('button', { name: 'Unlike, 5 likes' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await act(async () => answer(jsonResponse({ success: true, liked: true, likes: 9 })));
    expect(await screen.findByRole('button', { name: 'Unlike, 9 likes' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reverts and only logs when the server fails', async () => {
    stubFetch((url) => (url === '/api/posts/1/like' ? jsonResponse({ success: false, error: 'x', statusCode: 500 }, 500) : jsonResponse(plan)));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ likes: 4, likedByMe: true })} />);
    await user.click(screen.getByRole('button', { name: 'Unlike, 4 likes' }));
    expect(await screen.findByRole('button', { name: 'Unlike, 4 likes' })).toHaveAttribute('aria-pressed', 'true');
    expect(logged).toHaveBeenCalled();
    expect(alertTexts()).toEqual([]);
  });

  it('alerts when logged out', async () => {
    setSession(null);
    const calls = stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost()} />);
    await user.click(screen.getByRole('button', { name: 'Like, 0 likes' }));
    expect(alertTexts()).toContain(MESSAGES.post.mustBeLoggedInToLike);
    expect(calls.some((c) => c.url.includes('/like'))).toBe(false);
  });

  it('repost toggles with its count', async () => {
    stubFetch((url) => (url === '/api/posts/1/repost' ? jsonResponse({ success: true, reposted: true, reposts: 3 }) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ repostsCount: 2 })} />);
    await user.click(screen.getByRole('button', { name: 'Repost, 2 reposts' }));
    expect(await screen.findByRole('button', { name: 'Repost, 3 reposts' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('PostCard menu per role', () => {
  it('a Silver author sees Edit with the time left, and Delete', async () => {
    setSession(testUser({ id: 7, group_id: 6 }));
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    // Silver: 30 minutes; written 5 minutes ago.
    renderAt(<PostCard post={makePost({ user_id: 7, username: 'skyler' })} />);
    expect(entryNames(await openMenu(user))).toEqual(['Edit (25 min left)', 'Delete']);
  });

  it('a Basic author never sees Edit', async () => {
    setSession(testUser({ id: 7, group_id: 5 }));
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 7, username: 'skyler', createdAt: new Date().toISOString() })} />);
    expect(entryNames(await openMenu(user))).toEqual(['Delete']);
  });

  it('an admin author edits without a time limit', async () => {
    setSession(testUser({ id: 7, group_id: 1 }));
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 7, createdAt: '2020-01-01T00:00:00.000Z' })} />);
    expect(entryNames(await openMenu(user))).toEqual(['Edit', 'Delete']);
  });

  it("an admin on another's post sees Admin Delete, Block and Warn", async () => {
    setSession(testUser({ id: 7, group_id: 1 }));
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 8 })} />);
    const menu = await openMenu(user);
    expect(entryNames(menu)).toEqual(['Admin Delete', 'Block @other', 'Warn @other']);
    within(menu)
      .getAllByRole('menuitem')
      .forEach((item) => expect(item).toBeEnabled());
  });

  it('everyone else signed in sees Not interested, Mute, Report and Block', async () => {
    setSession(testUser({ id: 7, group_id: 3 }));
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 8 })} />);
    const menu = await openMenu(user);
    expect(entryNames(menu)).toEqual(['Not interested', 'Mute @other', 'Report post', 'Block @other']);
  });

  it('a visitor gets no menu: there is nothing to choose signed out', () => {
    setSession(null);
    stubFetch(() => jsonResponse(plan));
    renderAt(<PostCard post={makePost({ user_id: 8 })} />);
    expect(screen.queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
  });
});

describe('PostCard delete and edit', () => {
  beforeEach(() => setSession(testUser({ id: 7, group_id: 6 })));

  it('asks for confirmation; cancelling keeps the post', async () => {
    const calls = stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 7 })} />);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await answerConfirm(user, MESSAGES.post.confirmDelete, 'Cancel');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('article')).toBeInTheDocument();
  });

  it('confirmed, deletes and removes the card, and the post leaves the cached lists', async () => {
    const calls = stubFetch((url, init) => (init.method === 'DELETE' ? jsonResponse({ success: true }) : jsonResponse(plan)));
    const user = userEvent.setup();
    const post = makePost({ user_id: 7 });
    const { queryClient } = renderAt(<PostCard post={post} />);
    const feed = postsKeys.feed({});
    queryClient.setQueryData(feed, pagedData(page([post])));
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await answerConfirm(user, MESSAGES.post.confirmDelete, 'Delete');
    await waitFor(() => expect(pageItems(queryClient.getQueryData<PagedData<typeof post>>(feed))).toEqual([]));
    expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/api/posts/1');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('edit: empty alerts; saving updates the card and marks it edited', async () => {
    stubFetch((url, init) =>
      init.method === 'PUT'
        ? jsonResponse({ success: true, post: makePost({ user_id: 7, content: 'Better words', editedAt: new Date().toISOString() }) })
        : jsonResponse(plan),
    );
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 7 })} />);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const box = within(dialog).getByLabelText('Post text');
    await user.clear(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(alertTexts()).toContain(MESSAGES.post.editEmpty);
    await user.type(box, 'Better words');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Better words')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'edited' })).toBeInTheDocument();
  });

  it('edit failure alerts the catalogue message', async () => {
    stubFetch((url, init) => (init.method === 'PUT' ? jsonResponse({ success: false, error: 'x', statusCode: 500 }, 500) : jsonResponse(plan)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ user_id: 7 })} />);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.post.editFailed));
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();
  });
});

describe('PostCard reply', () => {
  beforeEach(() => setSession(testUser()));

  it('quotes the original cut at 200; a blank reply is ignored; a reply increments the count', async () => {
    const calls = stubFetch((url) => (url === '/api/posts/1/reply' ? jsonResponse(makePost({ id: 2, parent_id: 1 }), 201) : jsonResponse(plan)));
    const user = userEvent.setup();
    const long = `${'q'.repeat(200)}HIDDEN`;
    renderAt(<PostCard post={makePost({ content: long, repliesCount: 1 })} />);
    await user.click(screen.getByRole('button', { name: 'Reply, 1 reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to @other' });
    expect(within(dialog).getByTestId('reply-quote')).toHaveTextContent(`${'q'.repeat(200)}…`);
    expect(within(dialog).getByTestId('reply-quote')).not.toHaveTextContent('HIDDEN');

    await user.type(within(dialog).getByLabelText('Your reply'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reply' }));
    expect(calls.some((c) => c.url.endsWith('/reply'))).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Reply to @other' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Your reply'), 'Agreed!');
    await user.click(within(dialog).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/reply'))?.init.body))).toEqual({ content: 'Agreed!' });
    expect(screen.getByRole('button', { name: 'Reply, 2 replies' })).toBeInTheDocument();
  });

  it('read-only cards have no actions and no menu', () => {
    stubFetch(() => jsonResponse(plan));
    renderAt(<PostCard post={makePost()} readOnly />);
    expect(screen.queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
  });
});
