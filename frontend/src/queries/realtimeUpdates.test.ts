import { InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import type { Page, Post, SystemNotice, UserAlert } from '@cloud9/contracts';
import { createQueryClient } from './queryClient';
import { publishRealtime } from '../realtime/bus';
import { makeAlert, makeNotice } from '../test/notifications';
import { makePost, page } from '../test/posts';
import { pagedData } from '../test/utils';
import { alertsKeys, noticesKeys } from './notifications';
import { pageItems, type PagedData } from './paging';
import { postsKeys } from './posts';
import { catchUpAfterConnect, subscribeCacheToRealtime } from './realtimeUpdates';

/** A screen showing the list under `key`, whose pages `fetchPage` answers. */
function watchList<T>(client: QueryClient, key: readonly unknown[], fetchPage: (cursor: string | null) => Promise<Page<T>>) {
  const observer = new InfiniteQueryObserver(client, {
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  });
  return { observer, stop: observer.subscribe(() => undefined) };
}

const ids = <T extends { id: number }>(client: QueryClient, key: readonly unknown[]) => pageItems(client.getQueryData<PagedData<T>>(key)).map((item) => item.id);

describe('pushed events in the query cache', () => {
  let client: QueryClient;
  let unsubscribe: () => void;

  beforeEach(() => {
    client = createQueryClient();
    unsubscribe = subscribeCacheToRealtime(client);
  });
  afterEach(() => {
    unsubscribe();
    client.clear();
  });

  it('alert:new puts the alert on top of the whole alert list, newest first, each once; a search is left alone', () => {
    const latest = alertsKeys.list(7, '');
    const search = alertsKeys.list(7, 'likes');
    client.setQueryData(latest, pagedData(page([makeAlert({ id: 1 })])));
    client.setQueryData(search, pagedData(page([makeAlert({ id: 1 })])));
    publishRealtime('alert:new', makeAlert({ id: 2 }));
    publishRealtime('alert:new', makeAlert({ id: 3 }));
    publishRealtime('alert:new', makeAlert({ id: 2 }));
    expect(ids<UserAlert>(client, latest)).toEqual([2, 3, 1]);
    expect(ids<UserAlert>(client, search)).toEqual([1]);
  });

  it('alert:removed takes the alert out of every alert list and page', () => {
    const latest = alertsKeys.list(7, '');
    const search = alertsKeys.list(7, 'x');
    client.setQueryData(latest, pagedData(page([makeAlert({ id: 3 }), makeAlert({ id: 2 })], 'c1'), page([makeAlert({ id: 1 })])));
    client.setQueryData(search, pagedData(page([makeAlert({ id: 1 })])));
    publishRealtime('alert:removed', { id: 1 });
    expect(ids<UserAlert>(client, latest)).toEqual([3, 2]);
    expect(ids<UserAlert>(client, search)).toEqual([]);
  });

  it('alert:sync keeps only page 0 of each alert list and asks the server for it again, without a loading state', async () => {
    const latest = alertsKeys.list(7, '');
    const fetchPage = vi.fn((cursor: string | null) => Promise.resolve(cursor ? page([makeAlert({ id: 0 })]) : page([makeAlert({ id: 1 })], 'c1')));
    const { observer, stop } = watchList(client, latest, fetchPage);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    await observer.fetchNextPage();
    expect(ids<UserAlert>(client, latest)).toEqual([1, 0]);

    fetchPage.mockImplementation(() => Promise.resolve(page([makeAlert({ id: 2 }), makeAlert({ id: 1 })], 'c1')));
    publishRealtime('alert:sync', { latestAlertId: 2, latestAlertAt: new Date().toISOString() });
    // At once: page 0 only, still on screen.
    expect(ids<UserAlert>(client, latest)).toEqual([1]);
    expect(observer.getCurrentResult().isPending).toBe(false);
    await vi.waitFor(() => expect(ids<UserAlert>(client, latest)).toEqual([2, 1]));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith(null);
    stop();
  });

  it('notice:created joins the whole notice list; notice:updated and notice:deleted reach every notice list', () => {
    const latest = noticesKeys.list('');
    const search = noticesKeys.list('tonight');
    client.setQueryData(latest, pagedData(page([makeNotice({ id: 1, content: 'first' })])));
    client.setQueryData(search, pagedData(page([makeNotice({ id: 1, content: 'first' })])));
    publishRealtime('notice:created', makeNotice({ id: 2, content: 'second' }));
    expect(ids<SystemNotice>(client, latest)).toEqual([2, 1]);
    expect(ids<SystemNotice>(client, search)).toEqual([1]);

    publishRealtime('notice:updated', makeNotice({ id: 1, content: 'first, edited' }));
    const contents = (key: readonly unknown[]) => pageItems(client.getQueryData<PagedData<SystemNotice>>(key)).map((n) => n.content);
    expect(contents(latest)).toEqual(['second', 'first, edited']);
    expect(contents(search)).toEqual(['first, edited']);

    publishRealtime('notice:deleted', { id: 1 });
    expect(ids<SystemNotice>(client, latest)).toEqual([2]);
    expect(ids<SystemNotice>(client, search)).toEqual([]);
  });

  it('a pushed item reaching a list whose answer is still on its way asks for the list again', async () => {
    const latest = noticesKeys.list('');
    let release: (answer: Page<SystemNotice>) => void = () => undefined;
    const answers = [new Promise<Page<SystemNotice>>((resolve) => (release = resolve)), Promise.resolve(page([makeNotice({ id: 5 })]))];
    const fetchPage = vi.fn(() => answers.shift() ?? Promise.resolve(page<SystemNotice>([])));
    const { stop } = watchList(client, latest, fetchPage);
    publishRealtime('notice:created', makeNotice({ id: 5 }));
    // The first answer was read before the notice existed.
    release(page([]));
    await vi.waitFor(() => expect(ids<SystemNotice>(client, latest)).toEqual([5]));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    stop();
  });

  it('boosts:changed reloads page 0 of the Home feeds near the top of the page, not further down, and never a profile list', () => {
    const feed = postsKeys.feed({});
    const profile = postsKeys.profile('skyler', 'Posts', '');
    const twoPages = () => pagedData(page([makePost({ id: 2 })], 'c1'), page([makePost({ id: 1 })]));
    client.setQueryData(feed, twoPages());
    client.setQueryData(profile, twoPages());

    Object.defineProperty(window, 'scrollY', { value: 5000, configurable: true });
    publishRealtime('boosts:changed', { at: new Date().toISOString() });
    expect(client.getQueryData<PagedData<Post>>(feed)?.pages).toHaveLength(2);
    expect(client.getQueryState(feed)?.isInvalidated).toBe(false);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    publishRealtime('boosts:changed', { at: new Date().toISOString() });
    expect(client.getQueryData<PagedData<Post>>(feed)?.pages).toHaveLength(1);
    expect(client.getQueryState(feed)?.isInvalidated).toBe(true);
    expect(client.getQueryData<PagedData<Post>>(profile)?.pages).toHaveLength(2);
    expect(client.getQueryState(profile)?.isInvalidated).toBe(false);
  });

  it('a (re)connect reloads page 0 of the feeds, alerts and notices near the top, but not further down nor while a change of the user is on its way', async () => {
    const feed = postsKeys.feed({});
    const alerts = alertsKeys.list(7, '');
    const notices = noticesKeys.latest();
    const profile = postsKeys.profile('skyler', 'Posts', '');
    client.setQueryData(feed, pagedData(page([makePost({ id: 2 })], 'c1'), page([makePost({ id: 1 })])));
    client.setQueryData(alerts, pagedData(page([makeAlert()])));
    client.setQueryData(notices, pagedData(page([makeNotice()])));
    client.setQueryData(profile, pagedData(page([makePost({ id: 3 })])));
    const invalidated = () => [feed, alerts, notices, profile].map((key) => client.getQueryState(key)?.isInvalidated);

    Object.defineProperty(window, 'scrollY', { value: 5000, configurable: true });
    catchUpAfterConnect(client);
    expect(invalidated()).toEqual([false, false, false, false]);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    let finish!: () => void;
    const liking = client.getMutationCache().build(client, { mutationFn: () => new Promise<void>((resolve) => (finish = resolve)) }).execute(undefined);
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    catchUpAfterConnect(client);
    expect(invalidated()).toEqual([false, false, false, false]);
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    finish();
    await liking;

    catchUpAfterConnect(client);
    expect(invalidated()).toEqual([true, true, true, false]);
    expect(client.getQueryData<PagedData<Post>>(feed)?.pages).toHaveLength(1);
  });
});
