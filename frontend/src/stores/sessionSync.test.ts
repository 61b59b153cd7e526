import { LIMITS } from '@cloud9/contracts';
import { applyGroupChange, loadGroupLimits, refreshSession } from './sessionSync';
import { useSessionStore } from './session';
import { jsonResponse, setSession, stubFetch, testUser } from '../test/utils';

/** What was put off until after the first screen (idle.ts), run by hand here. */
const deferred = vi.hoisted(() => [] as { task: () => void; delayMs: number }[]);
vi.mock('../lib/idle', () => ({
  afterDelayWhenIdle: (task: () => void, delayMs: number) => {
    deferred.push({ task, delayMs });
    return () => undefined;
  },
}));

const silver = { id: 6, name: 'Silver', description: '', subscriptionFee: 4.99, postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true, monthlyBoosts: 1, paypalPlanId: null, isAvailable: true };

/**
 * A stored user of `groupId` with Free's limits stored, nothing put off yet, and a server whose
 * /api/me confirms that user (and whose plan reads answer Silver): the calls made.
 */
function storedWithLimits(groupId: number) {
  setSession(testUser({ group_id: groupId }));
  useSessionStore.getState().setGroupLimits({ postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false });
  deferred.length = 0;
  return stubFetch((url) => jsonResponse(url === '/api/me' ? testUser({ group_id: groupId }) : silver));
}

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

  it('with the same group and its limits stored, reads the limits again only after the first screen', async () => {
    const calls = storedWithLimits(6);
    await refreshSession();
    expect(calls.map((c) => c.url)).toEqual(['/api/me']);
    expect(deferred.map((d) => d.delayMs)).toEqual([LIMITS.afterFirstScreenMs]);

    deferred[0].task();
    await vi.waitFor(() => expect(useSessionStore.getState().groupLimits?.postLimit).toBe(500));
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/group/6']);
  });

  it("a deferred read of the old group's limits never undoes a move to another group", async () => {
    const calls = storedWithLimits(5);
    await refreshSession();
    // Before the deferred read runs, a push moves the account to Silver with its limits.
    applyGroupChange(6, { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true });
    deferred[0].task();
    await Promise.resolve();
    expect(calls.map((c) => c.url)).toEqual(['/api/me']);
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(500);
  });

  it('an answer for a group the account has left by the time it arrives is dropped', async () => {
    setSession(testUser({ group_id: 5 }));
    let answer!: (r: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const loading = loadGroupLimits(5);
    applyGroupChange(7, { postLimit: 1000, mediaLimit: 8192, editTimeout: 60, priorityBoost: true });
    answer(await jsonResponse({ ...silver, id: 5, postLimit: 300 }));
    await loading;
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(1000);
  });

  it('an answer that arrives after signing out stores nobody again', async () => {
    setSession(testUser());
    let answer!: (r: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const refreshing = refreshSession();
    useSessionStore.getState().clearSession();
    answer(jsonResponse(testUser()));
    await refreshing;
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
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
