import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { PostCard } from './PostCard';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';
import { makePost } from '../../test/posts';

const SILVER = { id: 6, name: 'Silver', postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true };
const quota = (used: number) => ({ allowed: 1, used, remaining: 1 - used, periodEnd: '2026-12-01T00:00:00.000Z' });
const me = testUser({ id: 7, group_id: 6 });
const ownPost = () => makePost({ id: 41, user_id: 7, username: me.username });

/** Answers the boost request with `boost` and the quota with the remaining count. */
function serve(boost: () => Response | Promise<Response>) {
  let used = 0;
  return stubFetch(async (url, init) => {
    if (url === '/api/boost/request' && init.method === 'POST') {
      const res = await boost();
      if (res.ok) used = 1;
      return res;
    }
    if (url === '/api/boost/quota/7') return jsonResponse(quota(used));
    return jsonResponse(SILVER);
  });
}

describe('Boost button', () => {
  beforeEach(() => setSession(me));

  it.each([5, 1, 2])('is not offered to group %i', (group_id) => {
    setSession(testUser({ id: 7, group_id }));
    serve(() => jsonResponse({ message: 'Boost requested.' }));
    renderAt(<PostCard post={ownPost()} />);
    expect(screen.queryByRole('button', { name: /Boost/ })).not.toBeInTheDocument();
  });

  it("is not offered on someone else's post, a reply or a boosted post", () => {
    serve(() => jsonResponse({ message: 'Boost requested.' }));
    renderAt(
      <>
        <PostCard post={makePost({ id: 1, user_id: 99 })} />
        <PostCard post={makePost({ id: 2, user_id: 7, parent_id: 1 })} />
        <PostCard post={makePost({ id: 3, user_id: 7, isBoosted: true })} />
      </>,
    );
    expect(screen.queryByRole('button', { name: /Boost/ })).not.toBeInTheDocument();
  });

  it('requests the boost for this post and reads Requested; the quota beside it drops to 0', async () => {
    const calls = serve(() => jsonResponse({ message: 'Boost requested.' }, 201));
    const user = userEvent.setup();
    renderAt(<PostCard post={ownPost()} />);
    expect(await screen.findByText('1 of 1 boosts left this month')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^🚀 Boost$|^Boost$/ }));
    expect(await screen.findByRole('button', { name: MESSAGES.boost.requested })).toBeDisabled();
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/boost/request')?.init.body))).toEqual({ userId: 7, postId: 41 });
    expect(await screen.findByText('0 of 1 boosts left this month')).toBeInTheDocument();
  });

  it.each([
    [409, MESSAGES.boost.alreadyRequested],
    [429, MESSAGES.boost.limitReached],
  ])('a %i reads %s', async (status, label) => {
    serve(() => jsonResponse({ success: false, error: label, statusCode: status }, status));
    const user = userEvent.setup();
    renderAt(<PostCard post={ownPost()} />);
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    expect(await screen.findByRole('button', { name: label })).toBeDisabled();
    expect(alertTexts()).toEqual([]);
  });

  it('any other failure restores the button and alerts the server message, or "Request failed."', async () => {
    let body: object = { success: false, error: 'Something broke upstream.', statusCode: 500 };
    serve(() => jsonResponse(body, 500));
    const user = userEvent.setup();
    renderAt(<PostCard post={ownPost()} />);
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    await waitFor(() => expect(alertTexts()).toContain('Something broke upstream.'));
    expect(screen.getByRole('button', { name: 'Boost' })).toBeEnabled();
    body = {};
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.boost.requestFailed));
  });

  it('a network failure alerts "Network error." and restores the button', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderAt(<PostCard post={ownPost()} />);
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.boost.networkError));
    expect(screen.getByRole('button', { name: 'Boost' })).toBeEnabled();
  });
});
