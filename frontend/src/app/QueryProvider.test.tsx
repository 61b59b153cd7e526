import { act } from '@testing-library/react';
import { postsKeys } from '../queries/posts';
import { useSessionStore } from '../stores/session';
import { pagedData, renderAt, setSession, testUser } from '../test/utils';
import { makePost, page } from '../test/posts';

describe('QueryProvider', () => {
  it('keeps the cache while the same account stays signed in, and empties it when the account changes or signs out', () => {
    setSession(testUser({ id: 7 }));
    const { queryClient } = renderAt(<p>shell</p>);
    const feed = postsKeys.feed({});
    queryClient.setQueryData(feed, pagedData(page([makePost()])));

    act(() => useSessionStore.getState().setCurrentUser(testUser({ id: 7, name: 'Renamed' })));
    expect(queryClient.getQueryData(feed)).toBeDefined();

    act(() => useSessionStore.getState().clearSession());
    expect(queryClient.getQueryData(feed)).toBeUndefined();

    queryClient.setQueryData(feed, pagedData(page([makePost()])));
    act(() => useSessionStore.getState().setCurrentUser(testUser({ id: 8 })));
    expect(queryClient.getQueryData(feed)).toBeUndefined();
  });
});
