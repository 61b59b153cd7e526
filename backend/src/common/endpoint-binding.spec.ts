import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { allRoutes, type ApiRoute } from '@cloud9/contracts';
import { ENDPOINT_KEY } from './endpoint';

/**
 * Every route of the table (libs/contracts/src/routes.ts) has exactly one handler, bound with
 * @Endpoint, and every handler of every controller is bound to a route of the table, with the
 * route's method and path. (backend/test/route-table.int-spec.ts checks the running app the same way.)
 */
type Controller = new (...args: never[]) => object;

const MODULES = path.join(__dirname, '../modules');
const controllerFiles = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.controller.ts'));

/** Every controller class of the modules' *.controller.ts files. */
async function controllers(): Promise<Controller[]> {
  const files = await Promise.all(controllerFiles.map((file) => import(path.join(MODULES, file)) as Promise<Record<string, unknown>>));
  return files.flatMap((exports) =>
    Object.values(exports).filter((value): value is Controller => typeof value === 'function' && Reflect.hasMetadata(PATH_METADATA, value)),
  );
}

interface Handler {
  name: string;
  method: string;
  path: string;
  route: ApiRoute | undefined;
}

function handlersOf(types: Controller[]): Handler[] {
  return types.flatMap((controller) => {
    const proto = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(proto).flatMap((key) => {
      const fn = proto[key];
      if (key === 'constructor' || typeof fn !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, fn)) return [];
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '').replace(/^\/+|\/+$/g, '');
      const own = String(Reflect.getMetadata(PATH_METADATA, fn)).replace(/^\/+|\/+$/g, '');
      return [
        {
          name: `${controller.name}.${key}`,
          method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod],
          path: ['/api', base, own].filter(Boolean).join('/'),
          route: Reflect.getMetadata(ENDPOINT_KEY, fn) as ApiRoute | undefined,
        },
      ];
    });
  });
}

describe('controllers bound to the route table', () => {
  let all: Handler[] = [];
  beforeAll(async () => {
    all = handlersOf(await controllers());
  });

  it('finds the controllers and their handlers', () => {
    expect(controllerFiles.length).toBeGreaterThan(15);
    expect(all.length).toBeGreaterThanOrEqual(allRoutes().length);
  });

  it.each(allRoutes().map(({ name, route }) => [name, route] as const))('%s has exactly one handler', (_name, route) => {
    expect(all.filter((h) => h.route === route).map((h) => h.name)).toHaveLength(1);
  });

  it('binds every handler to a route of the table (@Endpoint), with its method and path', () => {
    const routes = new Set(allRoutes().map(({ route }) => route));
    const unbound = all.filter((h) => !h.route || !routes.has(h.route) || h.method !== h.route.method || h.path !== h.route.path).map((h) => `${h.name}: ${h.method} ${h.path}`);
    expect(unbound).toEqual([]);
  });
});
