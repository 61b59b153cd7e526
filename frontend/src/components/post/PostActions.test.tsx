import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { PostCard } from './PostCard';
import { pageItems, type PagedData } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { alertTexts, jsonResponse, pagedData, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';
import type { Post } from '@cloud9/contracts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const bookmark = () => screen.getByRole('button', { name: 'Bookmark' });

describe('Bookmark button', () => {
  beforeEach(() => setSession(testUser()));

  it('is optimistic (aria-pressed at once), then keeps the server answer and updates every cached copy', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = stubFetch((url) => (url === '/api/bookmarks' ? new Promise<Response>((r) => (answer = r)) : jsonResponse(plan)));
    const user = userEvent.setup();
    const { queryClient } = renderAt(<PostCard post={makePost({ id: 1 })} />);
    queryClient.setQueryData(postsKeys.feed({}), pagedData(page([makePost({ id: 1 }), makePost({ id: 2 })])));
    expect(bookmark()).toHaveAttribute('aria-pressed', 'false');
    await user.click(bookmark());
    expect(bookmark()).toHaveAttribute('aria-pressed', 'true');
    const sent = calls.find((c) => c.url === '/api/bookmarks')!;
    expect(sent.init.method).toBe('POST');
    expect(JSON.parse(String(sent.init.body))).toEqual({ postId: 1 });
    await act(async () => answer(jsonResponse({ success: true, bookmarked: true })));
    await waitFor(() => expect(pageItems(queryClient.getQueryData<PagedData<Post>>(postsKeys.feed({}))).map((p) => p.bookmarked)).toEqual([true, false]));
    expect(bookmark()).toHaveAttribute('aria-pressed', 'true');
  });

  it('unsaving sends DELETE and takes the post off the cached bookmarks list', async () => {
    const calls = stubFetch((url) => (url === '/api/bookmarks/1' ? jsonResponse({ success: true, bookmarked: false }) : jsonResponse(plan)));
    const user = userEvent.setup();
    const { queryClient } = renderAt(<PostCard post={makePost({ id: 1, bookmarked: true })} />);
    queryClient.setQueryData(postsKeys.bookmarks(), pagedData(page([makePost({ id: 1, bookmarked: true }), makePost({ id: 2, bookmarked: true })])));
    await user.click(bookmark());
    expect(bookmark()).toHaveAttribute('aria-pressed', 'false');
    expect(calls.find((c) => c.url === '/api/bookmarks/1')?.init.method).toBe('DELETE');
    await waitFor(() => expect(pageItems(queryClient.getQueryData<PagedData<Post>>(postsKeys.bookmarks())).map((p) => p.id)).toEqual([2]));
  });

  it('rolls back and says so when the server fails', async () => {
    stubFetch((url) => (url === '/api/bookmarks' ? jsonResponse({ success: false, error: 'x', statusCode: 500 }, 500) : jsonResponse(plan)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ id: 1 })} />);
    await user.click(bookmark());
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.bookmarks.saveFailed));
    expect(bookmark()).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks to sign in when signed out, sending nothing', async () => {
    setSession(null);
    const calls = stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ id: 1 })} />);
    await user.click(bookmark());
    expect(alertTexts()).toContain(MESSAGES.bookmarks.mustBeLoggedIn);
    expect(calls.some((c) => c.url.includes('/bookmarks'))).toBe(false);
    expect(bookmark()).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('Share button', () => {
  beforeEach(() => setSession(testUser()));
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'clipboard');
  });
  const define = (name: 'share' | 'clipboard', value: unknown) => Object.defineProperty(navigator, name, { value, configurable: true });

  it('without a share sheet, copies the absolute /post/:id link and says "Link copied"', async () => {
    stubFetch(() => jsonResponse(plan));
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup(); // before our clipboard: user-event installs its own
    define('share', undefined);
    define('clipboard', { writeText });
    renderAt(<PostCard post={makePost({ id: 42 })} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.share.linkCopied));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/42`);
  });

  it('says the copy failed when the clipboard refuses', async () => {
    stubFetch(() => jsonResponse(plan));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    define('share', undefined);
    define('clipboard', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    renderAt(<PostCard post={makePost({ id: 42 })} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.share.copyFailed));
    expect(alertTexts()).not.toContain(MESSAGES.share.linkCopied);
  });

  it('uses the share sheet where there is one, copying nothing; closing it is no failure', async () => {
    stubFetch(() => jsonResponse(plan));
    const share = vi.fn(() => Promise.reject(new DOMException('closed', 'AbortError')));
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    define('share', share);
    define('clipboard', { writeText });
    renderAt(<PostCard post={makePost({ id: 42, username: 'cirrus' })} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Post by @cirrus', url: `${window.location.origin}/post/42` }));
    expect(writeText).not.toHaveBeenCalled();
    expect(alertTexts()).toEqual([]);
  });
});

describe('Post time', () => {
  it("links to the post's own page, reachable by keyboard", async () => {
    setSession(testUser());
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<PostCard post={makePost({ id: 42 })} />);
    const link = screen.getByRole('link', { name: '5m, 5 minutes ago: open post' });
    expect(link).toHaveAttribute('href', '/post/42');
    link.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/post/42');
  });
});
