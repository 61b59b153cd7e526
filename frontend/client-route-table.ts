import type { Plugin } from 'vite';
import { ROUTES } from '../libs/contracts/src/routes';

const ROUTES_MODULE = '/libs/contracts/src/routes.ts';

/**
 * The client calls the API through the route table by method and path only (api/client.ts callApi);
 * its types come from the schemas at compile time. So the build gives it the table without the
 * schemas: they would bring zod and the whole message catalogue into the sign-in page's first load
 * (decisions/0083). Read here from the same source the server uses, so the two cannot differ.
 */
export function clientRouteTable(): Plugin {
  const table = Object.fromEntries(
    Object.entries(ROUTES).map(([group, routes]) => [
      group,
      Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }])),
    ]),
  );
  return {
    name: 'client-route-table',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (!id.split('?')[0].endsWith(ROUTES_MODULE)) return null;
      return [
        `export const ROUTES = ${JSON.stringify(table)};`,
        'export function allRoutes() {',
        '  return Object.entries(ROUTES).flatMap(([group, routes]) => Object.entries(routes).map(([key, route]) => ({ name: `${group}.${key}`, route })));',
        '}',
      ].join('\n');
    },
  };
}
