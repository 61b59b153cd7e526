import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { DM_MESSAGES as M, DM_RULES, type Conversation, type DmMessage } from '@cloud9/contracts';
import { publishRealtime } from '../../realtime/bus';
import { setSocketTypingSender } from '../../realtime/outgoing';
import { subscribeCacheToRealtime } from '../../queries/realtimeUpdates';
import { makeConversation, makeDmMessage, me, other } from '../../test/directMessages';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { MessagesPage } from './MessagesPage';

interface Server {
  conversation?: Conversation;
  messages?: DmMessage[];
  lists?: Partial<Record<'inbox' | 'requests', Conversation[]>>;
}

/** The API as the messages screens read it; every call is recorded. */
function serve({ conversation = makeConversation(), messages = [], lists = {} }: Server): FetchCall[] {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    if (path === '/api/conversations/unread') return jsonResponse({ unread: 0, requests: 0 });
    if (path === '/api/conversations' && method === 'GET') {
      const filter = new URLSearchParams(url.split('?')[1]).get('filter') === 'requests' ? 'requests' : 'inbox';
      return jsonResponse({ items: lists[filter] ?? [], nextCursor: null });
    }
    if (path === `/api/conversations/${conversation.id}`) return jsonResponse(conversation);
    if (path === `/api/conversations/${conversation.id}/messages` && method === 'GET') return jsonResponse({ items: messages, nextCursor: null });
    if (path === `/api/conversations/${conversation.id}/messages` && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { text?: string };
      return jsonResponse(makeDmMessage({ id: 100, senderId: me.id, text: body.text ?? '' }), 201);
    }
    if (path === '/api/config') return jsonResponse({ gifsEnabled: false });
    return jsonResponse({ success: true });
  });
}

const renderPage = (path: string) => {
  const rendered = renderAt(
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/:id" element={<MessagesPage />} />
    </Routes>,
    path,
  );
  const stop = subscribeCacheToRealtime(rendered.queryClient);
  return { ...rendered, stop };
};

const posts = (calls: FetchCall[], path: string) => calls.filter((c) => c.init.method === 'POST' && c.url === path);
const shownTexts = () => within(screen.getByRole('log')).getAllByTestId('dm-message').map((el) => el.querySelector('.dm-text')?.textContent);

describe('a conversation', () => {
  beforeEach(() => setSession(testUser()));

  it('shows the messages oldest at the top (the API sends them newest first) in a live log, own ones marked as such', async () => {
    serve({ messages: [makeDmMessage({ id: 3, text: 'third', senderId: me.id }), makeDmMessage({ id: 2, text: 'second' }), makeDmMessage({ id: 1, text: 'first' })] });
    const { stop } = renderPage('/messages/4');
    const log = await screen.findByRole('log', { name: M.messagesWith('Rainy Day') });
    expect(log).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(shownTexts()).toEqual(['first', 'second', 'third']));
    const items = within(log).getAllByTestId('dm-message');
    expect(items[2]).toHaveClass('dm-message-own');
    expect(items[0]).not.toHaveClass('dm-message-own');
    expect(screen.getByRole('heading', { level: 1, name: 'Rainy Day' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    stop();
  });

  it('sends with Enter (Shift+Enter is a new line), shows the answered message once even when its push comes too, and empties the box', async () => {
    const calls = serve({ messages: [makeDmMessage({ id: 1, text: 'first' })] });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages/4');
    const box = await screen.findByRole('textbox', { name: M.composerLabel });
    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}there');
    expect(posts(calls, '/api/conversations/4/messages')).toHaveLength(0);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(posts(calls, '/api/conversations/4/messages')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/conversations/4/messages')[0].init.body))).toEqual({ text: 'Hi\nthere' });
    await waitFor(() => expect(shownTexts()).toEqual(['first', 'Hi\nthere']));
    act(() => publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 100, senderId: me.id, text: 'Hi\nthere' }) }));
    expect(shownTexts()).toEqual(['first', 'Hi\nthere']);
    expect(box).toHaveValue('');
    stop();
  });

  it('tells the others the member is typing, at most once every typingEveryMs', async () => {
    serve({});
    const typing = vi.fn();
    const remove = setSocketTypingSender(typing);
    const user = userEvent.setup();
    const { stop } = renderPage('/messages/4');
    await user.type(await screen.findByRole('textbox', { name: M.composerLabel }), 'hello');
    expect(typing.mock.calls).toEqual([[4]]);
    remove();
    stop();
  });

  it('a request shows its banner; Accept calls the endpoint and the banner goes', async () => {
    const calls = serve({ conversation: makeConversation({ accepted: false }), messages: [makeDmMessage({ id: 1, text: 'May I?' })] });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages/4');
    const banner = await screen.findByRole('region', { name: M.requests });
    expect(banner).toHaveTextContent(M.requestNotice('Rainy Day'));
    await screen.findByText('May I?');
    // A request is not marked read until accepted (the sender would learn it was seen).
    expect(posts(calls, '/api/conversations/4/read')).toHaveLength(0);
    await user.click(within(banner).getByRole('button', { name: M.accept }));
    await waitFor(() => expect(posts(calls, '/api/conversations/4/accept')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: M.requests })).not.toBeInTheDocument());
    await waitFor(() => expect(posts(calls, '/api/conversations/4/read')).toHaveLength(1));
    stop();
  });

  it('shows Seen under the last own message the other member has read, and only there; a pushed read mark moves it', async () => {
    serve({
      conversation: makeConversation({ reads: [{ userId: other.id, messageId: 3 }] }),
      messages: [makeDmMessage({ id: 4, senderId: me.id, text: 'unread yet' }), makeDmMessage({ id: 3, senderId: me.id, text: 'read one' }), makeDmMessage({ id: 2, senderId: me.id, text: 'older' }), makeDmMessage({ id: 1 })],
    });
    const { stop } = renderPage('/messages/4');
    await screen.findByText('read one');
    const seen = () => screen.getAllByText(M.seen).map((el) => el.closest('[data-testid="dm-message"]')?.getAttribute('data-message-id'));
    expect(seen()).toEqual(['3']);
    act(() => publishRealtime('dm:read', { conversationId: 4, userId: other.id, messageId: 4 }));
    expect(seen()).toEqual(['4']);
    stop();
  });

  it('shows "X is typing…" for typingShowsMs after each dm:typing of another member', async () => {
    serve({});
    const { stop } = renderPage('/messages/4');
    await screen.findByRole('log');
    vi.useFakeTimers();
    try {
      act(() => publishRealtime('dm:typing', { conversationId: 4, userId: other.id }));
      expect(screen.getByText(M.typing('Rainy Day'))).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(DM_RULES.typingShowsMs - 1000);
      });
      act(() => publishRealtime('dm:typing', { conversationId: 4, userId: other.id }));
      act(() => {
        vi.advanceTimersByTime(DM_RULES.typingShowsMs - 1000);
      });
      expect(screen.getByText(M.typing('Rainy Day'))).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.queryByText(M.typing('Rainy Day'))).not.toBeInTheDocument();
      act(() => publishRealtime('dm:typing', { conversationId: 5, userId: other.id }));
      expect(screen.queryByText(M.typing('Rainy Day'))).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    stop();
  });

  it('marks the conversation read up to the newest message once it is on screen', async () => {
    const calls = serve({ messages: [makeDmMessage({ id: 2, text: 'newest' }), makeDmMessage({ id: 1 })] });
    const { stop } = renderPage('/messages/4');
    await waitFor(() => expect(posts(calls, '/api/conversations/4/read')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/conversations/4/read')[0].init.body))).toEqual({ messageId: 2 });
    stop();
  });

  it("reports another member's message as a message, and mutes the conversation from its menu", async () => {
    const calls = serve({ messages: [makeDmMessage({ id: 2, text: 'rude words' })] });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages/4');
    await screen.findByText('rude words');
    await user.click(screen.getByRole('button', { name: M.messageOptions }));
    expect(screen.queryByRole('menuitem', { name: M.deleteForEveryone })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: M.report }));
    const dialog = await screen.findByRole('dialog', { name: M.reportMessageTitle });
    await user.click(within(dialog).getAllByRole('radio')[0]);
    await user.click(within(dialog).getByRole('button', { name: /report/i }));
    await waitFor(() => expect(posts(calls, '/api/reports')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/reports')[0].init.body))).toMatchObject({ targetType: 'message', targetId: 2 });

    await user.click(screen.getByRole('button', { name: M.conversationOptions }));
    await user.click(screen.getByRole('menuitem', { name: M.mute }));
    await waitFor(() => expect(posts(calls, '/api/conversations/4/mute')).toHaveLength(1));
    expect(await screen.findByText(M.mutedLabel)).toBeInTheDocument();
    stop();
  });

  it('offers Delete for everyone on one\'s own recent message, which leaves a deleted mark', async () => {
    const calls = serve({ messages: [makeDmMessage({ id: 2, senderId: me.id, text: 'typo', createdAt: new Date().toISOString() })] });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages/4');
    await screen.findByText('typo');
    await user.click(screen.getByRole('button', { name: M.messageOptions }));
    await user.click(screen.getByRole('menuitem', { name: M.deleteForEveryone }));
    await user.click(await screen.findByRole('button', { name: M.deleteForEveryone }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'DELETE' && c.url === '/api/messages/2?for=everyone')).toBe(true));
    expect(await screen.findByText(M.deletedMessage)).toBeInTheDocument();
    stop();
  });

  it('shows a message deleted for everyone as a mark', async () => {
    serve({ messages: [makeDmMessage({ id: 2, text: 'regret' }), makeDmMessage({ id: 1, text: 'fine' })] });
    const { stop } = renderPage('/messages/4');
    await screen.findByText('regret');
    act(() => publishRealtime('dm:deleted', { conversationId: 4, messageId: 2, forEveryone: true }));
    expect(screen.queryByText('regret')).not.toBeInTheDocument();
    expect(screen.getByText(M.deletedMessage)).toBeInTheDocument();
    stop();
  });
});

describe('the conversation list', () => {
  beforeEach(() => setSession(testUser()));

  it('says the inbox is empty, and the Requests tab reads the requests and says when there are none', async () => {
    const calls = serve({});
    const user = userEvent.setup();
    const { stop } = renderPage('/messages');
    expect(await screen.findByText(M.emptyInbox)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: M.requests }));
    expect(await screen.findByText(M.emptyRequests)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/conversations?filter=requests')).toBe(true);
    expect(screen.getByRole('tab', { name: M.requests })).toHaveAttribute('aria-selected', 'true');
    stop();
  });

  it('lists conversations newest first with the last message (You: for one\'s own), the unread count and the muted mark', async () => {
    serve({
      lists: {
        inbox: [
          makeConversation({ id: 4, unreadCount: 2, lastMessage: makeDmMessage({ id: 9, text: 'See you' }) }),
          makeConversation({ id: 5, muted: true, members: [{ id: 9, username: 'sun', name: null, thumbnail: null }, me], lastMessage: makeDmMessage({ id: 6, senderId: me.id, text: 'Bye' }) }),
        ],
      },
    });
    const { stop } = renderPage('/messages');
    const rows = await screen.findAllByTestId('dm-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/messages/4', '/messages/5']);
    expect(rows[0]).toHaveTextContent('Rainy Day');
    expect(rows[0]).toHaveTextContent('See you');
    expect(rows[0]).toHaveTextContent(M.unreadLabel(2));
    expect(rows[0].querySelector('.dm-count')).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent(`sun${M.youPrefix}Bye`);
    expect(rows[1]).toHaveTextContent(M.mutedLabel);
    stop();
  });

  it('searches by member with the search parameter, and says when nothing matches', async () => {
    const calls = serve({ lists: { inbox: [makeConversation()] } });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages');
    await screen.findAllByTestId('dm-row');
    await user.type(screen.getByRole('searchbox', { name: M.searchMembers }), 'zz');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/conversations?filter=inbox&search=zz')).toBe(true));
    stop();
  });

  it('New message: people found by name are chosen, Start opens the conversation with them', async () => {
    const calls = stubFetch((url, init) => {
      if (url === '/api/search/user/sun') return jsonResponse([{ id: 9, username: 'sun', name: 'Sunny', thumbnail: null }, { id: me.id, username: me.username, name: me.name, thumbnail: null }]);
      if (url === '/api/conversations' && init.method === 'POST') return jsonResponse({ id: 12 }, 201);
      if (url.startsWith('/api/conversations?')) return jsonResponse({ items: [], nextCursor: null });
      if (url === '/api/conversations/12') return jsonResponse(makeConversation({ id: 12 }));
      if (url.startsWith('/api/conversations/12/messages')) return jsonResponse({ items: [], nextCursor: null });
      return jsonResponse({ unread: 0, requests: 0 });
    });
    const user = userEvent.setup();
    const { stop } = renderPage('/messages');
    await user.click(await screen.findByRole('button', { name: M.newMessage }));
    const dialog = screen.getByRole('dialog', { name: M.newMessage });
    await user.click(within(dialog).getByRole('button', { name: M.start }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.chooseSomeone);
    await user.type(within(dialog).getByLabelText(M.pickMembers), 'sun');
    const found = await within(dialog).findByRole('list', { name: M.searchPeople });
    // The viewer is never offered.
    expect(within(found).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sunny @sun']);
    await user.click(within(found).getByRole('button', { name: /Sunny/ }));
    expect(within(dialog).getByRole('button', { name: M.removeChosen('Sunny') })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: M.start }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/12'));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/conversations' && c.init.method === 'POST')?.init.body))).toEqual({ memberIds: [9] });
    stop();
  });

  it('a pushed message moves its conversation to the top with the message as its last', async () => {
    serve({ lists: { inbox: [makeConversation({ id: 5, members: [{ id: 9, username: 'sun', name: null, thumbnail: null }, me] }), makeConversation({ id: 4 })] } });
    const { stop } = renderPage('/messages');
    await screen.findAllByTestId('dm-row');
    act(() => publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 20, text: 'Fresh news' }) }));
    const rows = screen.getAllByTestId('dm-row');
    expect(rows[0]).toHaveAttribute('href', '/messages/4');
    expect(rows[0]).toHaveTextContent('Fresh news');
    stop();
  });
});
