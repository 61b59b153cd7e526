import { InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import type { Conversation, DmMessage, Page } from '@cloud9/contracts';
import { createQueryClient } from './queryClient';
import { publishRealtime } from '../realtime/bus';
import { makeConversation, makeDmMessage, me, other } from '../test/directMessages';
import { page } from '../test/posts';
import { jsonResponse, pagedData, setSession, stubFetch, testUser } from '../test/utils';
import { dmKeys, mergeNewestPage } from './directMessages';
import { pageItems, type PagedData } from './paging';
import { catchUpAfterConnect, subscribeCacheToRealtime } from './realtimeUpdates';

const messageIds = (client: QueryClient, id = 4) => pageItems(client.getQueryData<PagedData<DmMessage>>(dmKeys.messages(id))).map((m) => m.id);
const conversationIds = (client: QueryClient) => pageItems(client.getQueryData<PagedData<Conversation>>(dmKeys.list('inbox', ''))).map((c) => c.id);
const message = (client: QueryClient, messageId: number) =>
  pageItems(client.getQueryData<PagedData<DmMessage>>(dmKeys.messages(4))).find((m) => m.id === messageId);

describe('direct messages in the query cache', () => {
  let client: QueryClient;
  let unsubscribe: () => void;

  beforeEach(() => {
    setSession(testUser());
    client = createQueryClient();
    unsubscribe = subscribeCacheToRealtime(client);
  });
  afterEach(() => {
    unsubscribe();
    client.clear();
  });

  it('dm:message puts the message into its conversation once, in order (pages are newest first), however often it comes', () => {
    stubFetch(() => jsonResponse({ unread: 1, requests: 0 }));
    client.setQueryData(dmKeys.messages(4), pagedData(page([makeDmMessage({ id: 5 }), makeDmMessage({ id: 3 })], 'c1'), page([makeDmMessage({ id: 1 })])));
    client.setQueryData(dmKeys.messages(9), pagedData(page([makeDmMessage({ id: 2, conversationId: 9 })])));
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 7 }) });
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 6 }) });
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 7 }) });
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 4 }) });
    expect(messageIds(client)).toEqual([7, 6, 5, 4, 3, 1]);
    expect(messageIds(client, 9)).toEqual([2]);
  });

  it('dm:message moves its conversation to the top of the lists with the message as its last, one more unread from someone else, and reads the badge again', () => {
    stubFetch(() => jsonResponse({ unread: 1, requests: 0 }));
    client.setQueryData(dmKeys.list('inbox', ''), pagedData(page([makeConversation({ id: 2 }), makeConversation({ id: 4 })])));
    client.setQueryData(dmKeys.unread(), { unread: 0, requests: 0 });
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 11, text: 'New!' }) });
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 12, senderId: me.id, text: 'Mine' }) });
    expect(conversationIds(client)).toEqual([4, 2]);
    const moved = pageItems(client.getQueryData<PagedData<Conversation>>(dmKeys.list('inbox', '')))[0];
    expect(moved.lastMessage?.text).toBe('Mine');
    expect(moved.unreadCount).toBe(1);
    expect(client.getQueryState(dmKeys.unread())?.isInvalidated).toBe(true);
  });

  it('a message pushed and also in the page a catch-up reads shows once, in order, and the older pages stay', async () => {
    const first = [makeDmMessage({ id: 5 }), makeDmMessage({ id: 3 })];
    const fetched: string[] = [];
    stubFetch((url) => {
      fetched.push(url);
      if (url.startsWith('/api/conversations/4/messages')) return jsonResponse({ items: [makeDmMessage({ id: 8 }), makeDmMessage({ id: 7 }), makeDmMessage({ id: 5, text: 'edited by server' })], nextCursor: 'c9' });
      return jsonResponse({ unread: 0, requests: 0 });
    });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: dmKeys.messages(4),
      queryFn: (): Promise<Page<DmMessage>> => new Promise(() => undefined),
      initialPageParam: null as string | null,
      getNextPageParam: (last: Page<DmMessage>) => last.nextCursor,
      enabled: false,
    });
    const stopWatching = observer.subscribe(() => undefined);
    client.setQueryData(dmKeys.messages(4), pagedData(page(first, 'c1'), page([makeDmMessage({ id: 1 })])));
    publishRealtime('dm:message', { conversationId: 4, message: makeDmMessage({ id: 7 }) });
    catchUpAfterConnect(client);
    await vi.waitFor(() => expect(messageIds(client)).toEqual([8, 7, 5, 3, 1]));
    expect(message(client, 5)?.text).toBe('edited by server');
    expect(fetched).toContain('/api/conversations/4/messages');
    stopWatching();
  });

  it('a catch-up page that does not reach the cached messages (more was missed than a page) replaces them: no gap shown as continuous', () => {
    const cached = pagedData(page([makeDmMessage({ id: 3 }), makeDmMessage({ id: 2 })]));
    const merged = mergeNewestPage(cached, { items: [makeDmMessage({ id: 30 }), makeDmMessage({ id: 29 })], nextCursor: 'c29' });
    expect(pageItems(merged).map((m) => m.id)).toEqual([30, 29]);
    expect(merged.pageParams).toEqual([null]);
  });

  it('dm:deleted for everyone leaves the message as a mark without its text, file, GIF or reactions', () => {
    client.setQueryData(
      dmKeys.messages(4),
      pagedData(page([makeDmMessage({ id: 2, text: 'oops', gif: 'https://g/x.gif', reactions: [{ emoji: '❤️', count: 1, mine: true }] }), makeDmMessage({ id: 1 })])),
    );
    publishRealtime('dm:deleted', { conversationId: 4, messageId: 2, forEveryone: true });
    expect(message(client, 2)).toMatchObject({ deleted: true, text: '', gif: null, media: null, reactions: [] });
    expect(message(client, 1)).toMatchObject({ deleted: false, text: 'Hello up there' });
  });

  it('dm:deleted for oneself (from another of one\'s devices) takes the message out of the list', () => {
    client.setQueryData(dmKeys.messages(4), pagedData(page([makeDmMessage({ id: 2, text: 'mine to forget' }), makeDmMessage({ id: 1 })])));
    publishRealtime('dm:deleted', { conversationId: 4, messageId: 2, forEveryone: false });
    expect(message(client, 2)).toBeUndefined();
    expect(message(client, 1)).toMatchObject({ deleted: false });
  });

  it("dm:reaction sets the new counts, keeping the viewer's own marks and taking their own change", () => {
    client.setQueryData(dmKeys.messages(4), pagedData(page([makeDmMessage({ id: 2, reactions: [{ emoji: '❤️', count: 1, mine: true }] })])));
    publishRealtime('dm:reaction', { conversationId: 4, messageId: 2, userId: other.id, emoji: '😂', added: true, reactions: [{ emoji: '❤️', count: 1 }, { emoji: '😂', count: 1 }] });
    expect(message(client, 2)?.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: true },
      { emoji: '😂', count: 1, mine: false },
    ]);
    publishRealtime('dm:reaction', { conversationId: 4, messageId: 2, userId: me.id, emoji: '😂', added: true, reactions: [{ emoji: '❤️', count: 1 }, { emoji: '😂', count: 2 }] });
    expect(message(client, 2)?.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: true },
      { emoji: '😂', count: 2, mine: true },
    ]);
  });

  it("dm:read moves another member's read mark forwards only; the viewer's own clears the unread count", () => {
    stubFetch(() => jsonResponse({ unread: 0, requests: 0 }));
    client.setQueryData(dmKeys.conversation(4), makeConversation({ unreadCount: 3, reads: [{ userId: other.id, messageId: 5 }] }));
    publishRealtime('dm:read', { conversationId: 4, userId: other.id, messageId: 3 });
    expect(client.getQueryData<Conversation>(dmKeys.conversation(4))?.reads).toEqual([{ userId: other.id, messageId: 5 }]);
    publishRealtime('dm:read', { conversationId: 4, userId: other.id, messageId: 9 });
    expect(client.getQueryData<Conversation>(dmKeys.conversation(4))?.reads).toEqual([{ userId: other.id, messageId: 9 }]);
    publishRealtime('dm:read', { conversationId: 4, userId: me.id, messageId: 9 });
    expect(client.getQueryData<Conversation>(dmKeys.conversation(4))?.unreadCount).toBe(0);
  });

  it('dm:changed reads the conversation, the lists and the badge again', () => {
    client.setQueryData(dmKeys.conversation(4), makeConversation());
    client.setQueryData(dmKeys.list('requests', ''), pagedData(page([makeConversation()])));
    client.setQueryData(dmKeys.unread(), { unread: 0, requests: 1 });
    client.setQueryData(dmKeys.conversation(5), makeConversation({ id: 5 }));
    publishRealtime('dm:changed', { conversationId: 4 });
    expect(client.getQueryState(dmKeys.conversation(4))?.isInvalidated).toBe(true);
    expect(client.getQueryState(dmKeys.list('requests', ''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(dmKeys.unread())?.isInvalidated).toBe(true);
    expect(client.getQueryState(dmKeys.conversation(5))?.isInvalidated).toBe(false);
  });
});

describe('dm:sync (a push may have been lost)', () => {
  let client: QueryClient;
  let unsubscribe: () => void;
  beforeEach(() => {
    setSession(testUser());
    client = createQueryClient();
    unsubscribe = subscribeCacheToRealtime(client);
  });
  afterEach(() => {
    unsubscribe();
    client.clear();
  });

  it('naming a message the cache has changes nothing; naming one it lacks reads the conversation, the lists and the badge again', async () => {
    const fetched: string[] = [];
    stubFetch((url) => {
      fetched.push(url);
      if (url.startsWith('/api/conversations/4/messages')) return jsonResponse({ items: [makeDmMessage({ id: 6 }), makeDmMessage({ id: 5 })], nextCursor: null });
      return jsonResponse({ unread: 1, requests: 0 });
    });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: dmKeys.messages(4),
      queryFn: (): Promise<Page<DmMessage>> => new Promise(() => undefined),
      initialPageParam: null as string | null,
      getNextPageParam: (last: Page<DmMessage>) => last.nextCursor,
      enabled: false,
    });
    const stopWatching = observer.subscribe(() => undefined);
    client.setQueryData(dmKeys.messages(4), pagedData(page([makeDmMessage({ id: 5 })])));
    client.setQueryData(dmKeys.unread(), { unread: 0, requests: 0 });
    publishRealtime('dm:sync', { conversationId: 4, messageId: 5 });
    expect(fetched).toEqual([]);
    expect(client.getQueryState(dmKeys.unread())?.isInvalidated).toBe(false);
    publishRealtime('dm:sync', { conversationId: 4, messageId: 6 });
    await vi.waitFor(() => expect(messageIds(client)).toEqual([6, 5]));
    expect(client.getQueryState(dmKeys.unread())?.isInvalidated).toBe(true);
    stopWatching();
  });
});
