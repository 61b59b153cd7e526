import { FRONTEND_ROUTE, methodLabel, routeLabel, UNMATCHED_ROUTE } from './route-label';

describe('routeLabel', () => {
  it('is the template of the route that answered, never the raw path', () => {
    expect(routeLabel({ method: 'GET', originalUrl: '/api/posts/123?x=1', route: { path: '/api/posts/:id' } })).toBe('/api/posts/:id');
    expect(routeLabel({ method: 'GET', baseUrl: '/api', originalUrl: '/api/users/7', route: { path: '/users/:id' } })).toBe('/api/users/:id');
  });

  it('puts unknown API paths and edge refusals under one label', () => {
    for (const url of ['/api/nope', '/api/posts/123/unknown', '/API/whatever?q=1', '/api'])
      expect(routeLabel({ method: 'GET', originalUrl: url })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ method: 'POST', originalUrl: '/somewhere' })).toBe(UNMATCHED_ROUTE);
    // A route object without a string path (a regular expression) is not trusted as a label.
    expect(routeLabel({ method: 'GET', originalUrl: '/api/x', route: { path: /x/ } })).toBe(UNMATCHED_ROUTE);
    // Nor is a catch-all that middleware bound to every path leaves behind when no route matched.
    expect(routeLabel({ method: 'GET', originalUrl: '/api/nope/1', route: { path: '/api/{*path}' } })).toBe(UNMATCHED_ROUTE);
  });

  it('names the mounts outside Nest by their mount, whatever file or page was asked for', () => {
    expect(routeLabel({ method: 'GET', originalUrl: '/uploads/ab12cd.webp' })).toBe('/uploads/*');
    expect(routeLabel({ method: 'GET', originalUrl: '/api/admin/queues/api/queues?page=1' })).toBe('/api/admin/queues/*');
    expect(routeLabel({ method: 'GET', originalUrl: '/metrics' })).toBe('/metrics');
    for (const url of ['/', '/profile/alice', '/assets/index-abc123.js', '/uploadsx'])
      expect(routeLabel({ method: 'GET', originalUrl: url })).toBe(FRONTEND_ROUTE);
  });

  it('keeps the method label set small', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
  });
});
