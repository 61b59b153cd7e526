import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAFETY_MESSAGES, SAFETY_UI_MESSAGES, type HiddenAccount, type MutedWord } from '@cloud9/contracts';
import { SettingsPage } from './SettingsPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';

/** The quiet toasts (the polite status region of the toast stack). */
const toasts = () => document.querySelector('.toast-stack') as HTMLElement;

const account = (id: number, username: string): HiddenAccount => ({ id, username, name: `${username} Name`, thumbnail: null, createdAt: '2026-01-01T00:00:00.000Z' });
const word = (id: number, text: string): MutedWord => ({ id, word: text, createdAt: '2026-01-01T00:00:00.000Z' });

interface Server {
  mutes?: Record<string, { items: HiddenAccount[]; nextCursor: string | null }>;
  blocks?: { items: HiddenAccount[]; nextCursor: string | null };
  words?: MutedWord[];
}

/** The safety routes as the server answers them; everything else answers 200 with nothing. */
function serve(server: Server) {
  let nextWordId = 100;
  return stubFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    const method = init.method ?? 'GET';
    if (pathname === '/api/mutes') return jsonResponse(server.mutes?.[searchParams.get('cursor') ?? ''] ?? { items: [], nextCursor: null });
    if (pathname === '/api/blocks') return jsonResponse(server.blocks ?? { items: [], nextCursor: null });
    // An undone mute or block leaves the server's list, as it does on the server.
    const id = Number(pathname.split('/').pop());
    const without = (list: { items: HiddenAccount[]; nextCursor: string | null } | undefined) => list && { ...list, items: list.items.filter((a) => a.id !== id) };
    if (pathname.startsWith('/api/mutes/')) {
      for (const cursor of Object.keys(server.mutes ?? {})) server.mutes![cursor] = without(server.mutes![cursor])!;
      return jsonResponse({ success: true, muted: method === 'POST' });
    }
    if (pathname.startsWith('/api/blocks/')) {
      server.blocks = without(server.blocks);
      return jsonResponse({ success: true, blocked: method === 'POST' });
    }
    if (pathname === '/api/muted-words' && method === 'GET') return jsonResponse({ items: server.words ?? [] });
    if (pathname === '/api/muted-words' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { word: string };
      return jsonResponse(word(nextWordId++, body.word), 201);
    }
    if (pathname.startsWith('/api/muted-words/')) return jsonResponse({ success: true });
    return new Response('', { status: 200 });
  });
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
const sent = (calls: FetchCall[], method: string, path: string) => calls.filter((c) => (c.init.method ?? 'GET') === method && new URL(c.url, 'http://x').pathname === path);

describe('Settings: muted and blocked accounts, muted words', () => {
  beforeEach(() => setSession(testUser()));

  it('says so when nothing is muted or blocked', async () => {
    serve({});
    renderAt(<SettingsPage />, '/settings');
    expect(await within(section(SAFETY_UI_MESSAGES.mutedAccountsTitle)).findByText(SAFETY_UI_MESSAGES.noMutedAccounts)).toBeInTheDocument();
    expect(await within(section(SAFETY_UI_MESSAGES.blockedAccountsTitle)).findByText(SAFETY_UI_MESSAGES.noBlockedAccounts)).toBeInTheDocument();
    expect(await within(section(SAFETY_UI_MESSAGES.mutedWordsTitle)).findByText(SAFETY_UI_MESSAGES.noMutedWords)).toBeInTheDocument();
  });

  it('lists muted accounts page by page (keyset cursor) and Unmute takes one off at once, keeping the focus in the list', async () => {
    const calls = serve({
      mutes: {
        '': { items: [account(21, 'alpha'), account(22, 'bravo')], nextCursor: 'c-2' },
        'c-2': { items: [account(23, 'charlie')], nextCursor: null },
      },
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const muted = section(SAFETY_UI_MESSAGES.mutedAccountsTitle);
    const list = await within(muted).findByRole('list', { name: SAFETY_UI_MESSAGES.mutedAccountsTitle });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['alpha Name@alphaUnmute', 'bravo Name@bravoUnmute']);

    await user.click(within(muted).getByRole('button', { name: SAFETY_UI_MESSAGES.loadMore }));
    await within(list).findByText('@charlie');
    expect(sent(calls, 'GET', '/api/mutes').map((c) => new URL(c.url, 'http://x').searchParams.get('cursor'))).toEqual([null, 'c-2']);

    await user.click(within(list).getByRole('button', { name: 'Unmute @bravo' }));
    expect(within(list).queryByText('@bravo')).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Unmute @charlie' })).toHaveFocus();
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/mutes/22')).toHaveLength(1));
    expect(await within(toasts()).findByText(SAFETY_UI_MESSAGES.unmuted('bravo'))).toBeInTheDocument();
  });

  it('lists blocked accounts with Unblock buttons that unblock', async () => {
    const calls = serve({ blocks: { items: [account(31, 'delta')], nextCursor: null } });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const blocked = section(SAFETY_UI_MESSAGES.blockedAccountsTitle);
    await user.click(await within(blocked).findByRole('button', { name: 'Unblock @delta' }));
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/blocks/31')).toHaveLength(1));
    expect(within(blocked).queryByText('@delta')).not.toBeInTheDocument();
  });

  it('adds a muted word (checked as the server checks it) and removes one', async () => {
    const calls = serve({ words: [word(1, 'spoilers')] });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const words = section(SAFETY_UI_MESSAGES.mutedWordsTitle);
    await within(words).findByText('spoilers');
    const field = within(words).getByLabelText(SAFETY_UI_MESSAGES.mutedWordLabel);

    await user.type(field, '   ');
    await user.click(within(words).getByRole('button', { name: SAFETY_UI_MESSAGES.addMutedWord }));
    expect(within(words).getByRole('alert')).toHaveTextContent(SAFETY_MESSAGES.mutedWordInvalid);
    expect(field).toHaveAccessibleDescription(SAFETY_MESSAGES.mutedWordInvalid);
    await user.clear(field);
    await user.paste('x'.repeat(101));
    await user.click(within(words).getByRole('button', { name: SAFETY_UI_MESSAGES.addMutedWord }));
    expect(within(words).getByRole('alert')).toHaveTextContent(SAFETY_MESSAGES.mutedWordInvalid);
    expect(sent(calls, 'POST', '/api/muted-words')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  season   finale {Enter}');
    await within(words).findByText('season finale');
    expect(JSON.parse(String(sent(calls, 'POST', '/api/muted-words')[0].init.body))).toEqual({ word: 'season finale' });
    expect(field).toHaveValue('');

    await user.click(within(words).getByRole('button', { name: 'Remove spoilers' }));
    expect(within(words).queryByText('spoilers')).not.toBeInTheDocument();
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/muted-words/1')).toHaveLength(1));
  });

  it('refuses the 201st word on the client with the catalogue message', async () => {
    const calls = serve({ words: Array.from({ length: 200 }, (_, i) => word(i + 1, `w${i}`)) });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const words = section(SAFETY_UI_MESSAGES.mutedWordsTitle);
    await within(words).findByText('w199');
    await user.click(within(words).getByLabelText(SAFETY_UI_MESSAGES.mutedWordLabel));
    await user.paste('one more');
    await user.keyboard('{Enter}');
    expect(within(words).getByRole('alert')).toHaveTextContent(SAFETY_MESSAGES.tooManyMutedWords);
    expect(sent(calls, 'POST', '/api/muted-words')).toHaveLength(0);
  });
});
