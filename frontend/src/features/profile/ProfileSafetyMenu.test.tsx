import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAFETY_UI_MESSAGES, type UserProfile } from '@cloud9/contracts';
import { profileOf, renderProfile } from './profileTestKit';
import { answerConfirm, jsonResponse, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { makePost, page } from '../../test/posts';

/** The other member's profile with the viewer's flags as the server last said them; mutes and blocks answer as the server does. */
function serve(viewer: NonNullable<UserProfile['viewer']>) {
  const state = { ...viewer };
  return stubFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname.startsWith('/api/mutes/')) {
      state.muted = method === 'POST';
      return jsonResponse({ success: true, muted: state.muted });
    }
    if (url.pathname.startsWith('/api/blocks/')) {
      state.blocked = method === 'POST';
      return jsonResponse({ success: true, blocked: state.blocked });
    }
    if (url.pathname.startsWith('/api/profile/')) return jsonResponse(profileOf('other', { viewer: { ...state } }));
    if (url.pathname.endsWith('/counts')) return jsonResponse({ posts: 1, likes: 0, replies: 0, reposts: 0, media: 0 });
    if (url.pathname.includes('is-following')) return jsonResponse({ isFollowing: false });
    if (url.pathname === '/api/posts') return jsonResponse(page([makePost({ id: 5, user_id: 8, content: 'Post on the profile' })]));
    return jsonResponse(page([]));
  });
}

const sent = (calls: FetchCall[], method: string, path: string) => calls.filter((c) => c.init.method === method && new URL(c.url, 'http://x').pathname === path);

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Options for @other' }));
  return screen.getByRole('menu', { name: 'Options for @other' });
}

describe('profile menu: mute, block, report', () => {
  beforeEach(() => setSession(testUser()));

  it('offers Mute, Block and Report on another member, and none of it on the own profile', async () => {
    serve({ muted: false, blocked: false });
    const user = userEvent.setup();
    renderProfile('/profile/other');
    const menu = await openMenu(user);
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Mute @other', 'Block @other', 'Report @other']);
  });

  it('no options on the own profile', async () => {
    stubFetch((raw) => (raw.startsWith('/api/profile/') ? jsonResponse(profileOf('skyler')) : jsonResponse(page([]))));
    renderProfile('/profile');
    await screen.findByRole('heading', { name: 'Skyler Blue' });
    expect(screen.queryByRole('button', { name: /^Options for/ })).not.toBeInTheDocument();
  });

  it('shows Unmute for a muted account (the profile says so) and turns back to Mute after unmuting', async () => {
    const calls = serve({ muted: true, blocked: false });
    const user = userEvent.setup();
    renderProfile('/profile/other');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Unmute @other' }));
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/mutes/8')).toHaveLength(1));
    expect(within(await openMenu(user)).getByRole('menuitem', { name: 'Mute @other' })).toBeInTheDocument();
  });

  it('Block asks, then the profile says it is blocked, hides its posts and offers Unblock; Unblock brings them back', async () => {
    const calls = serve({ muted: false, blocked: false });
    const user = userEvent.setup();
    renderProfile('/profile/other');
    await screen.findByText('Post on the profile');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block @other' }));
    await answerConfirm(user, SAFETY_UI_MESSAGES.confirmBlock('other'), 'Block');
    expect(await screen.findByText(SAFETY_UI_MESSAGES.blockedProfile('other'))).toBeInTheDocument();
    expect(screen.queryByText('Post on the profile')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/blocks/8')).toHaveLength(1);

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Unblock @other' }));
    expect(await screen.findByText('Post on the profile')).toBeInTheDocument();
    expect(screen.queryByText(SAFETY_UI_MESSAGES.blockedProfile('other'))).not.toBeInTheDocument();
    expect(sent(calls, 'DELETE', '/api/blocks/8')).toHaveLength(1);
  });

  it('Report opens the report dialog about the account', async () => {
    serve({ muted: false, blocked: false });
    const user = userEvent.setup();
    renderProfile('/profile/other');
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Report @other' }));
    expect(await screen.findByRole('dialog', { name: SAFETY_UI_MESSAGES.reportUserTitle('other') })).toBeInTheDocument();
  });
});
