import { configure, waitFor } from '@testing-library/react';
import { clearPublicConfigCache } from '../api/config';
import { refreshSession } from '../stores/sessionSync';
import { persisted } from '../lib/persisted';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../test/utils';
import { bootScreenMatch } from './bootScreenMatch';
import { firstRequests } from './firstRequests';
import { AppRoutes } from './router';

// The socket and the deferred plan-limits read wait for the first screen; not part of this.
vi.mock('../lib/idle', () => ({ afterDelayWhenIdle: () => () => undefined }));

/**
 * The boot script's early reads are only of use if the screen asks for exactly those paths: each
 * screen is drawn for a stored user, and every path firstRequests names must be among its reads
 * (with the session check that main.tsx makes).
 */
describe("a first screen's early reads", () => {
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  beforeEach(() => clearPublicConfigCache());

  it.each(['/', '/profile', '/profile/someone', '/notifications', '/cloud9', '/settings'])('%s asks for every path the boot script reads early', async (path) => {
    const user = testUser({ id: 7, username: 'skyler' });
    setSession(user);
    const calls = stubFetch(() => jsonResponse({ success: false, error: 'Not found.', statusCode: 404 }, 404));
    const early = firstRequests(bootScreenMatch(path), '', user);
    void refreshSession();
    renderAt(<AppRoutes />, path);
    await waitFor(() => expect(early.filter((p) => !calls.some((c) => c.url === p))).toEqual([]));
    expect(early.length).toBeGreaterThan(2);
  });

  it('Home with another feed chosen reads only the common paths early (its path depends on the choice)', () => {
    persisted.selectedCategory.set('Entertainment');
    expect(firstRequests(bootScreenMatch('/'), '', testUser())).toEqual(['/api/me', '/api/config']);
  });

  it('a path with a query (a search, a shared link) reads only the common paths early', () => {
    expect(firstRequests(bootScreenMatch('/'), '?search=%23Travel', testUser())).toEqual(['/api/me', '/api/config']);
    expect(firstRequests(bootScreenMatch('/profile'), '?x=1', testUser())).toEqual(['/api/me', '/api/config']);
  });
});
