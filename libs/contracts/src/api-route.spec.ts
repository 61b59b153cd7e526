import * as z from 'zod/mini';
import { defineRoute, fillPath, type BodyOf, type Multipart, type ParamsOf, type QueryOf, type ResponseOf } from './api-route';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T | undefined => undefined;

describe('api routes', () => {
  const jobStatus = defineRoute({
    method: 'GET',
    path: '/api/admin/jobs/:queue/:jobId',
    auth: 'session',
    params: z.object({ queue: z.string(), jobId: z.string() }),
    responses: { 200: z.object({ state: z.string() }) },
    errors: [404],
  });
  const create = defineRoute({
    method: 'POST',
    path: '/api/posts',
    auth: 'session',
    query: z.object({ draft: z.optional(z.boolean()) }),
    body: z.object({ content: z.string() }),
    multipart: { fields: z.object({ content: z.string() }), files: ['file'] },
    responses: { 201: z.number() },
    errors: [],
  });
  const remove = defineRoute({ method: 'DELETE', path: '/api/posts/:id', auth: 'session', responses: { 204: null }, errors: [] });

  it('is the declaration itself at run time', () => {
    expect(jobStatus).toMatchObject({ method: 'GET', path: '/api/admin/jobs/:queue/:jobId', auth: 'session', errors: [404] });
    expect(remove.responses).toEqual({ 204: null });
  });

  it('fills every path parameter, URL-encoded', () => {
    expect(fillPath(jobStatus, { queue: 'admin', jobId: 'a/b c?' })).toBe('/api/admin/jobs/admin/a%2Fb%20c%3F');
    expect(fillPath(create, {})).toBe('/api/posts');
  });

  it('carries the types its schemas infer', () => {
    assertType<Equal<ParamsOf<typeof jobStatus>, { queue: string | number; jobId: string | number }>>();
    assertType<Equal<ParamsOf<typeof create>, Record<never, string | number>>>();
    assertType<Equal<QueryOf<typeof jobStatus>, undefined>>();
    assertType<Equal<BodyOf<typeof jobStatus>, undefined>>();
    assertType<Equal<ResponseOf<typeof jobStatus>, { state: string }>>();
    assertType<Equal<QueryOf<typeof create>, { draft?: boolean | null | undefined }>>();
    assertType<Equal<BodyOf<typeof create>, { content: string } | Multipart<{ content: string }, 'file'>>>();
    assertType<Equal<ResponseOf<typeof create>, number>>();
    assertType<Equal<ResponseOf<typeof remove>, undefined>>();
  });
});
