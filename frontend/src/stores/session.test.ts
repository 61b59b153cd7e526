import { STORAGE_KEYS } from '@cloud9/contracts';
import { hydrateSessionFromStorage, useSessionStore } from './session';
import { apiRequest } from '../api/client';
import { jsonResponse, setSession, stubFetch, testUser } from '../test/utils';

describe('session store', () => {
  beforeEach(() => useSessionStore.getState().clearSession());

  it('mirrors currentUser to localStorage as plain JSON under its storage key', () => {
    const user = testUser();
    useSessionStore.getState().setCurrentUser(user);
    expect(STORAGE_KEYS.currentUser).toBe('currentUser');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(user);
    expect(useSessionStore.getState().currentUser).toEqual(user);
  });

  it('mirrors groupLimits to localStorage as plain JSON under its storage key', () => {
    const limits = { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true };
    useSessionStore.getState().setGroupLimits(limits);
    expect(JSON.parse(localStorage.getItem('groupLimits') ?? 'null')).toEqual(limits);
  });

  it('keeps the stored objects when the server confirms the same user and limits, so nothing that reads them re-renders', () => {
    const limits = { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true };
    useSessionStore.getState().setCurrentUser(testUser());
    useSessionStore.getState().setGroupLimits(limits);
    const before = useSessionStore.getState();
    const changes = vi.fn();
    const unsubscribe = useSessionStore.subscribe(changes);
    useSessionStore.getState().setCurrentUser(testUser());
    useSessionStore.getState().setGroupLimits({ ...limits });
    unsubscribe();
    expect(changes).not.toHaveBeenCalled();
    expect(useSessionStore.getState().currentUser).toBe(before.currentUser);

    // A real change still reaches storage and the store.
    useSessionStore.getState().setCurrentUser(testUser({ name: 'Renamed' }));
    expect(useSessionStore.getState().currentUser?.name).toBe('Renamed');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toMatchObject({ name: 'Renamed' });
  });

  it('clearSession removes both keys and empties the store', () => {
    useSessionStore.getState().setCurrentUser(testUser());
    useSessionStore.getState().setGroupLimits({ postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false });
    useSessionStore.getState().clearSession();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('groupLimits')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ currentUser: null, groupLimits: null });
  });

  it('reads a stored user back on start, and ignores corrupt data', () => {
    localStorage.setItem('currentUser', JSON.stringify(testUser({ username: 'stored' })));
    hydrateSessionFromStorage();
    expect(useSessionStore.getState().currentUser?.username).toBe('stored');

    localStorage.setItem('currentUser', '{not json');
    hydrateSessionFromStorage();
    expect(useSessionStore.getState().currentUser).toBeNull();
  });

  it('ends on a 401 from the API, storage included', async () => {
    setSession(testUser());
    stubFetch(() => jsonResponse({ success: false, error: 'Please log in.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('stays on a 401 from POST /api/login (bad credentials)', async () => {
    setSession(testUser());
    stubFetch(() => jsonResponse({ success: false, error: 'Invalid username or password.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().currentUser).not.toBeNull();
  });
});
