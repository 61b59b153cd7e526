import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { HomeComposer } from './HomeComposer';
import { pageItems, type PagedData } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, pagedData, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';
import { makePost, page } from '../../test/posts';

// The real picker is large and renders emoji lazily; a stand-in offers one emoji to click.
vi.mock('emoji-picker-react', () => ({
  default: ({ onEmojiClick }: { onEmojiClick: (data: { emoji: string }) => void }) => (
    <button type="button" onClick={() => onEmojiClick({ emoji: '😀' })}>
      pick grinning face
    </button>
  ),
}));

const textbox = () => screen.getByRole('textbox', { name: "What's happening?" });
const counter = () => screen.getByTestId('char-counter');
const plan = (postLimit: number) => ({ id: 6, name: 'Silver', postLimit, mediaLimit: 4096, editTimeout: 30, priorityBoost: true });

/** Renders the composer over a cached (empty) Home feed; answers the posts that feed then holds. */
function renderComposer() {
  const { queryClient } = renderAt(<HomeComposer defaultCategory="General" />);
  const feed = postsKeys.feed({});
  queryClient.setQueryData(feed, pagedData(page<Post>([])));
  return () => pageItems(queryClient.getQueryData<PagedData<Post>>(feed));
}

describe('HomeComposer limit', () => {
  beforeEach(() => setSession(testUser({ group_id: 6 })));

  it('is 300 before the group loads, then the group limit', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubFetch((url) => (url === '/api/group/6' ? new Promise<Response>((r) => (answer = r)) : jsonResponse({})));
    renderComposer();
    expect(counter()).toHaveTextContent('300');
    await act(async () => answer(jsonResponse(plan(1000))));
    await waitFor(() => expect(counter()).toHaveTextContent('1000'));
    expect(useSessionStore.getState().limitsStatus).toBe('ready');
  });

  it('is 500 when the group cannot be fetched', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'Something went wrong.', statusCode: 500 }, 500));
    renderComposer();
    await waitFor(() => expect(counter()).toHaveTextContent('500'));
  });

  it('cuts typed text to the limit', async () => {
    stubFetch(() => jsonResponse(plan(50)));
    renderComposer();
    await waitFor(() => expect(counter()).toHaveTextContent('50'));
    fireEvent.change(textbox(), { target: { value: 'x'.repeat(80) } });
    expect(textbox()).toHaveValue('x'.repeat(50));
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });
});

describe('HomeComposer emoji', () => {
  beforeEach(() => setSession(testUser({ group_id: 6 })));

  it('appends an emoji within the limit and closes the panel', async () => {
    stubFetch(() => jsonResponse(plan(10)));
    const user = userEvent.setup();
    renderComposer();
    await waitFor(() => expect(counter()).toHaveTextContent('10'));
    fireEvent.change(textbox(), { target: { value: 'x'.repeat(9) } });
    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('button', { name: 'pick grinning face' }));
    expect(textbox()).toHaveValue(`${'x'.repeat(9)}😀`);
    expect(screen.queryByRole('button', { name: 'pick grinning face' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Emoji' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not append an emoji past the limit', async () => {
    stubFetch(() => jsonResponse(plan(10)));
    const user = userEvent.setup();
    renderComposer();
    await waitFor(() => expect(counter()).toHaveTextContent('10'));
    fireEvent.change(textbox(), { target: { value: 'x'.repeat(10) } });
    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('button', { name: 'pick grinning face' }));
    expect(textbox()).toHaveValue('x'.repeat(10));
  });
});

describe('HomeComposer submit', () => {
  it('alerts when nothing is given, without calling the server', async () => {
    setSession(testUser());
    const calls = stubFetch(() => jsonResponse(plan(300)));
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(alertTexts()).toContain(MESSAGES.post.contentRequired);
    expect(calls.some((c) => c.url === '/api/posts')).toBe(false);
  });

  it("alerts 'No user logged in.' without a user", async () => {
    setSession(null);
    stubFetch(() => jsonResponse({}));
    const user = userEvent.setup();
    renderComposer();
    fireEvent.change(textbox(), { target: { value: 'hi' } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(alertTexts()).toContain(MESSAGES.post.noUserInline);
  });

  it('posts JSON with the chosen feed, clears the composer and puts the post on top of the cached feed', async () => {
    setSession(testUser());
    const created = makePost({ id: 99, content: 'Winning day', user_id: 7, username: 'skyler' });
    const calls = stubFetch((url) => (url === '/api/posts' ? jsonResponse(created, 201) : jsonResponse(plan(300))));
    const user = userEvent.setup();
    const feedPosts = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Winning day' } });
    await user.selectOptions(screen.getByLabelText('Feed'), 'Travel');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(feedPosts()).toEqual([created]));
    const post = calls.find((c) => c.url === '/api/posts');
    expect(post?.init.method).toBe('POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ content: 'Winning day', category: 'Travel', gif: null });
    expect(textbox()).toHaveValue('');
  });

  it('sends FormData when a file is attached, previewing it by MIME type first', async () => {
    setSession(testUser());
    const calls = stubFetch((url) => (url === '/api/posts' ? jsonResponse(makePost(), 201) : jsonResponse(plan(300))));
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderComposer();
    const file = new File(['RIFF'], 'clip.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Photo/Video'), file);
    expect(await screen.findByLabelText('Preview of clip.mp4')).toBeInstanceOf(HTMLVideoElement);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/posts')).toBe(true));
    const body = calls.find((c) => c.url === '/api/posts')?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('clip.mp4');
    expect(body.get('content')).toBe(MESSAGES.post.mediaPlaceholder);
  });

  it('alerts on failure and keeps the text', async () => {
    setSession(testUser());
    stubFetch((url) =>
      url === '/api/posts' ? jsonResponse({ success: false, error: 'Boom', statusCode: 500 }, 500) : jsonResponse(plan(300)),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const feedPosts = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Still here' } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.post.submitFailedAlert));
    expect(textbox()).toHaveValue('Still here');
    expect(feedPosts()).toEqual([]);
  });
});
