import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { GlobalComposerHost } from './GlobalComposerHost';
import { pageItems, type PagedData } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { useComposerStore } from '../../stores/composer';
import { jsonResponse, pagedData, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

async function openComposer() {
  const user = userEvent.setup();
  const { queryClient } = renderAt(<GlobalComposerHost />);
  await user.click(screen.getByRole('button', { name: 'New post' }));
  const dialog = await screen.findByRole('dialog', { name: 'New post' });
  return { user, dialog, queryClient };
}

describe('global composer', () => {
  beforeEach(() => {
    setSession(testUser());
    useComposerStore.setState({ open: false });
  });

  it('blank without file or GIF does nothing: Post is disabled and nothing is sent', async () => {
    const calls = stubFetch(() => jsonResponse(plan));
    const { user } = await openComposer();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: "What's happening?" }), { target: { value: '   ' } });
    expect(post).toBeDisabled();
    fireEvent.submit((post as HTMLButtonElement).form as HTMLFormElement);
    await user.click(post);
    expect(calls.some((c) => c.url === '/api/posts')).toBe(false);
    expect(alertTexts()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
  });

  it('a failed post alerts and stays open with the text', async () => {
    stubFetch((url) => (url === '/api/posts' ? jsonResponse({ success: false, error: 'Nope', statusCode: 500 }, 500) : jsonResponse(plan)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openComposer();
    fireEvent.change(screen.getByRole('textbox', { name: "What's happening?" }), { target: { value: 'To the top' } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.post.submitFailedAlert));
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "What's happening?" })).toHaveValue('To the top');
  });

  it('success sends JSON {content, gif}, closes, toasts Posted! and puts the post on top of the cached feeds', async () => {
    const created = makePost({ id: 77, content: 'To the top' });
    const calls = stubFetch((url) => (url === '/api/posts' ? jsonResponse(created, 201) : jsonResponse(plan)));
    const { user, queryClient } = await openComposer();
    const feed = postsKeys.feed({});
    queryClient.setQueryData(feed, pagedData(page([makePost({ id: 1 })])));
    fireEvent.change(screen.getByRole('textbox', { name: "What's happening?" }), { target: { value: 'To the top' } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/posts')?.init.body))).toEqual({ content: 'To the top', gif: null });
    expect(screen.getByText(MESSAGES.post.posted)).toBeInTheDocument();
    expect(pageItems(queryClient.getQueryData<PagedData<typeof created>>(feed))[0]).toEqual(created);
  });

  it('without a user alerts the global message', async () => {
    stubFetch(() => jsonResponse(plan));
    const { user } = await openComposer();
    setSession(null);
    fireEvent.change(screen.getByRole('textbox', { name: "What's happening?" }), { target: { value: 'hello' } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(alertTexts()).toContain(MESSAGES.post.mustBeLoggedInToPost);
  });

  it('reopening starts clear; Escape and Close close it', async () => {
    stubFetch(() => jsonResponse(plan));
    const { user } = await openComposer();
    fireEvent.change(screen.getByRole('textbox', { name: "What's happening?" }), { target: { value: 'draft' } });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New post' }));
    expect(await screen.findByRole('textbox', { name: "What's happening?" })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
