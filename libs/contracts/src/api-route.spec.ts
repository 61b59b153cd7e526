import { fillPath, route, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from './api-route';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T | undefined => undefined;

describe('api routes', () => {
  const jobStatus = route<{ response: { state: string } }>()({ method: 'GET', path: '/api/admin/jobs/:queue/:jobId' });
  const create = route<{ query: { draft?: boolean }; body: { content: string }; response: number }>()({ method: 'POST', path: '/api/posts' });

  it('is a plain method and path at run time', () => {
    expect(jobStatus).toEqual({ method: 'GET', path: '/api/admin/jobs/:queue/:jobId' });
  });

  it('fills every path parameter, URL-encoded', () => {
    expect(fillPath(jobStatus, { queue: 'admin', jobId: 'a/b c?' })).toBe('/api/admin/jobs/admin/a%2Fb%20c%3F');
    expect(fillPath(create, {})).toBe('/api/posts');
  });

  it('carries its types', () => {
    assertType<Equal<ParamsOf<typeof jobStatus>, { queue: string | number; jobId: string | number }>>();
    assertType<Equal<ParamsOf<typeof create>, Record<never, string | number>>>();
    assertType<Equal<QueryOf<typeof jobStatus>, undefined>>();
    assertType<Equal<BodyOf<typeof jobStatus>, undefined>>();
    assertType<Equal<ResponseOf<typeof jobStatus>, { state: string }>>();
    assertType<Equal<QueryOf<typeof create>, { draft?: boolean }>>();
    assertType<Equal<BodyOf<typeof create>, { content: string }>>();
  });
});
