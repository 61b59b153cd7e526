import { APP_CLIENT_HEADER, ROUTES } from '@cloud9/contracts';
import { ApiRequestError, apiRequest, callApi, formOf, onUnauthorized } from './client';
import { queryString } from './paths';
import { jsonResponse, stubFetch } from '../test/utils';

describe('api client', () => {
  const removals: (() => void)[] = [];
  /** A handler registered for this test only. */
  const registered = () => {
    const handler = vi.fn();
    removals.push(onUnauthorized(handler));
    return handler;
  };
  afterEach(() => removals.splice(0).forEach((remove) => remove()));

  it('sends JSON with credentials and returns the parsed body', async () => {
    const calls = stubFetch(() => jsonResponse({ ok: 1 }));
    await expect(apiRequest('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    expect(calls[0].url).toBe('/api/thing');
    expect(calls[0].init.credentials).toBe('include');
    expect(calls[0].init.body).toBe('{"a":1}');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends the app client header on every request, reads and uploads included', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await apiRequest('/api/admin/backup');
    await apiRequest('/api/users/x', { method: 'PUT', body: new FormData() });
    for (const call of calls) expect((call.init.headers as Record<string, string>)[APP_CLIENT_HEADER.name]).toBe(APP_CLIENT_HEADER.value);
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const form = new FormData();
    form.append('name', 'x');
    await apiRequest('/api/users/x', { method: 'PUT', body: form });
    expect(calls[0].init.body).toBe(form);
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiRequestError with the status and the server error message', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'Passwords do not match.', statusCode: 400 }, 400));
    const err = await apiRequest('/api/users/x', { method: 'PUT' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 400, message: 'Passwords do not match.' });
  });

  it('calls every registered handler once, in the order registered, on a 401; a removed one no more', async () => {
    const calls: string[] = [];
    const first = registered();
    first.mockImplementation(() => calls.push('first'));
    registered().mockImplementation(() => calls.push('second'));
    const removed = registered();
    removals.pop()!();
    stubFetch(() => jsonResponse({ success: false, error: 'Please log in.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['first', 'second']);
    expect(removed).not.toHaveBeenCalled();
  });

  it('calls no handler on a 401 from POST /api/login (bad credentials)', async () => {
    const redirect = registered();
    stubFetch(() => jsonResponse({ success: false, error: 'Invalid username or password.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password.',
    });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('maps a network failure to a status-0 error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 0 });
  });

  it('calls a route of the table: its method, its path with encoded parameters, its query without empty values', async () => {
    const calls = stubFetch(() => jsonResponse({ items: [], nextCursor: null }));
    await callApi(ROUTES.search.profile, { params: { username: 'a b/c' }, query: { query: 'sky', cursor: null } });
    await callApi(ROUTES.admin.jobStatus, { params: { queue: 'admin', jobId: 'db-backup:1' } });
    await callApi(ROUTES.posts.like, { params: { id: 5 }, body: {} });
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/api/search/profile/a%20b%2Fc?query=sky'],
      ['GET', '/api/admin/jobs/admin/db-backup%3A1'],
      ['POST', '/api/posts/5/like'],
    ]);
    expect(calls[2].init.body).toBe('{}');
  });

  it('builds one query string in the order given, keeping 0 and leaving out null, undefined and empty text', () => {
    expect(queryString({ q: 'cats', offset: 0, cursor: null, query: '', rating: undefined, limit: 12 })).toBe('?q=cats&offset=0&limit=12');
    expect(queryString({ cursor: undefined })).toBe('');
  });

  it('sends no body when the route takes none', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true }));
    await callApi(ROUTES.boosts.adminBoost, { params: { id: 3 } });
    expect(calls[0].init.body).toBeUndefined();
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("builds a multipart route's form from its named parts, in order, leaving out absent ones", () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = formOf(ROUTES.posts.create, { content: 'hi', category: undefined, file, gif: 'https://g/1.gif' });
    expect([...form.keys()]).toEqual(['content', 'file', 'gif']);
    expect(form.get('file')).toBeInstanceOf(File);
  });
});
