import { refreshSession } from './session';
import { useSessionStore } from '../stores/session';
import { jsonResponse, setSession, stubFetch, testUser } from '../test/utils';

const silver = { id: 6, name: 'Silver', description: '', subscriptionFee: 4.99, postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true, monthlyBoosts: 1, paypalPlanId: null, isAvailable: true };

describe('session refresh on start', () => {
  it('does not call the server when no user is stored', async () => {
    setSession(null);
    const calls = stubFetch(() => jsonResponse({}));
    await refreshSession();
    expect(calls).toHaveLength(0);
  });

  it('replaces the stored user with GET /api/me and reloads the group limits', async () => {
    setSession(testUser({ name: 'Old Name', group_id: 5 }));
    const fresh = testUser({ name: 'New Name', group_id: 6 });
    const calls = stubFetch((url) => jsonResponse(url === '/api/me' ? fresh : silver));
    await refreshSession();
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/group/6']);
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(fresh);
    expect(useSessionStore.getState().groupLimits).toEqual({ postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true });
  });

  it('a 401 from /api/me clears the stored session', async () => {
    setSession(testUser());
    stubFetch(() => jsonResponse({ success: false, error: 'Please log in.', statusCode: 401 }, 401));
    await refreshSession();
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('a network failure keeps the stored user (storage decides signed-in)', async () => {
    setSession(testUser());
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await refreshSession();
    expect(useSessionStore.getState().currentUser?.username).toBe('skyler');
  });
});
