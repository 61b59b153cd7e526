import { APP_CLIENT_HEADER } from '@cloud9/contracts';
import { ApiRequestError, apiRequest, setUnauthorizedHandler } from './client';
import { useSessionStore } from '../stores/session';
import { jsonResponse, setSession, stubFetch, testUser } from '../test/utils';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(null));

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

  it('clears the session and calls the redirect handler on a 401', async () => {
    setSession(testUser());
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    stubFetch(() => jsonResponse({ success: false, error: 'Please log in.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('does not clear the session on a 401 from POST /api/login (bad credentials)', async () => {
    setSession(testUser());
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    stubFetch(() => jsonResponse({ success: false, error: 'Invalid username or password.', statusCode: 401 }, 401));
    await expect(apiRequest('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password.',
    });
    expect(useSessionStore.getState().currentUser).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('maps a network failure to a status-0 error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 0 });
  });
});
