import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAFETY_UI_MESSAGES, type Post } from '@cloud9/contracts';
import { PostCard } from './PostCard';
import { pageItems } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { alertTexts, answerConfirm, jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { makePost, page } from '../../test/posts';

/** The quiet toasts (the polite status region of the toast stack). */
const toasts = () => document.querySelector('.toast-stack') as HTMLElement;

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const FEED = postsKeys.feed({ tab: 'following' });
const POSTS = [
  makePost({ id: 1, user_id: 8, username: 'other', content: 'First from other' }),
  makePost({ id: 2, user_id: 9, username: 'third', content: 'From third' }),
  makePost({ id: 3, user_id: 8, username: 'other', content: 'Second from other' }),
];

/** A Home feed in the cache, drawn as the screens draw it: a card per post of the cached pages. */
function Feed({ posts }: { posts: Post[] }) {
  const query = usePagedQuery(FEED, () => Promise.resolve(page(posts)), 'Feed failed');
  return (
    <ul aria-label="Feed">
      {pageItems(query.data).map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

const shownTexts = () => within(screen.getByRole('list', { name: 'Feed' })).queryAllByText(/from/i).map((el) => el.textContent);
const sent = (calls: FetchCall[], method: string, path: string) => calls.filter((c) => c.init.method === method && new URL(c.url, 'http://x').pathname === path);

async function choose(user: ReturnType<typeof userEvent.setup>, postText: string, entry: string) {
  const card = screen.getByText(postText).closest('article') as HTMLElement;
  await user.click(within(card).getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: entry }));
}

const undoButton = () => within(toasts()).findByRole('button', { name: SAFETY_UI_MESSAGES.undo });

describe('PostMenu: hiding and reporting', () => {
  beforeEach(() => setSession(testUser({ id: 7, group_id: 5 })));

  it('Not interested takes the post out of the list at once; Undo puts it back in its place', async () => {
    const calls = stubFetch((url, init) => (url.includes('not-interested') ? jsonResponse({ success: true, notInterested: init.method === 'POST' }) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'First from other', 'Not interested');
    expect(shownTexts()).toEqual(['From third', 'Second from other']);
    await waitFor(() => expect(sent(calls, 'POST', '/api/posts/1/not-interested')).toHaveLength(1));
    expect(within(toasts()).getByText(SAFETY_UI_MESSAGES.notInterested)).toBeInTheDocument();

    await user.click(await undoButton());
    await waitFor(() => expect(shownTexts()).toEqual(['First from other', 'From third', 'Second from other']));
    expect(sent(calls, 'DELETE', '/api/posts/1/not-interested')).toHaveLength(1);
  });

  it('Mute asks first, then hides every post of the author from the lists; Undo unmutes and brings them back', async () => {
    const calls = stubFetch((url) => (url.includes('/api/mutes/') ? jsonResponse({ success: true, muted: true }) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');

    await choose(user, 'First from other', 'Mute @other');
    await answerConfirm(user, SAFETY_UI_MESSAGES.confirmMute('other'), 'Cancel');
    expect(shownTexts()).toHaveLength(3);
    expect(sent(calls, 'POST', '/api/mutes/8')).toHaveLength(0);

    await choose(user, 'First from other', 'Mute @other');
    await answerConfirm(user, SAFETY_UI_MESSAGES.confirmMute('other'), 'Mute');
    expect(shownTexts()).toEqual(['From third']);
    await waitFor(() => expect(sent(calls, 'POST', '/api/mutes/8')).toHaveLength(1));
    expect(await within(toasts()).findByText(SAFETY_UI_MESSAGES.muted('other'))).toBeInTheDocument();

    await user.click(await undoButton());
    await waitFor(() => expect(shownTexts()).toEqual(['First from other', 'From third', 'Second from other']));
    expect(sent(calls, 'DELETE', '/api/mutes/8')).toHaveLength(1);
  });

  it('a refused mute puts the posts back and says so', async () => {
    stubFetch((url) => (url.includes('/api/mutes/') ? jsonResponse({ success: false, error: 'Server trouble', statusCode: 500 }, 500) : jsonResponse(plan)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'First from other', 'Mute @other');
    await answerConfirm(user, SAFETY_UI_MESSAGES.confirmMute('other'), 'Mute');
    await waitFor(() => expect(alertTexts()).toEqual(['Server trouble']));
    expect(shownTexts()).toHaveLength(3);
  });

  it('Block explains what a block does in the in-app confirmation, then hides the author', async () => {
    const calls = stubFetch((url) => (url.includes('/api/blocks/') ? jsonResponse({ success: true, blocked: true }) : jsonResponse(plan)));
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'Second from other', 'Block @other');
    const question = await screen.findByRole('alertdialog', { name: SAFETY_UI_MESSAGES.confirmBlock('other') });
    expect(question).toHaveTextContent(/follows between you end/);
    await user.click(within(question).getByRole('button', { name: 'Block' }));
    expect(shownTexts()).toEqual(['From third']);
    await waitFor(() => expect(sent(calls, 'POST', '/api/blocks/8')).toHaveLength(1));
  });

  it('Report post opens the report dialog with the post in it', async () => {
    stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'From third', 'Report post');
    const dialog = await screen.findByRole('dialog', { name: SAFETY_UI_MESSAGES.reportPostTitle });
    expect(within(dialog).getByTestId('report-post')).toHaveTextContent('@thirdFrom third');
  });

  it('staff Warn asks for the text, files a report on the post and warns on it', async () => {
    setSession(testUser({ id: 7, group_id: 2 }));
    const calls = stubFetch((url, init) => {
      if (url.endsWith('/api/reports')) return jsonResponse({ id: 42 }, 201);
      if (url.endsWith('/api/moderation/reports/42/actions')) return jsonResponse({ success: true, report: {} });
      return init.method ? jsonResponse({}) : jsonResponse(plan);
    });
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'From third', 'Warn @third');
    const prompt = await screen.findByRole('dialog', { name: SAFETY_UI_MESSAGES.warnPrompt('third') });
    await user.type(within(prompt).getByRole('textbox'), 'Please keep it civil.');
    await user.click(within(prompt).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/moderation/reports/42/actions')).toHaveLength(1));
    expect(JSON.parse(String(sent(calls, 'POST', '/api/reports')[0].init.body))).toEqual({
      targetType: 'post',
      targetId: 2,
      reason: 'other',
      comment: 'Please keep it civil.',
    });
    expect(JSON.parse(String(sent(calls, 'POST', '/api/moderation/reports/42/actions')[0].init.body))).toEqual({ action: 'warn', text: 'Please keep it civil.' });
    expect(await within(toasts()).findByText(SAFETY_UI_MESSAGES.warned('third'))).toBeInTheDocument();
  });

  it('staff Warn with an empty text sends nothing and says what is missing', async () => {
    setSession(testUser({ id: 7, group_id: 1 }));
    const calls = stubFetch(() => jsonResponse(plan));
    const user = userEvent.setup();
    renderAt(<Feed posts={POSTS} />);
    await screen.findByText('Second from other');
    await choose(user, 'From third', 'Warn @third');
    const prompt = await screen.findByRole('dialog', { name: SAFETY_UI_MESSAGES.warnPrompt('third') });
    await user.type(within(prompt).getByRole('textbox'), '   ');
    await user.click(within(prompt).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(alertTexts()).toEqual([SAFETY_UI_MESSAGES.warnTextRequired]));
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);
  });
});
