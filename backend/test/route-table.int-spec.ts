import { allRoutes, type ApiRoute } from '@cloud9/contracts';
import { bootApp, type TestApp } from './support/app';
import { appRoutes } from './support/routes';

const endpoint = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * The route table (libs/contracts/src/routes.ts) and the running app serve the same endpoints, both
 * ways (backend/src/common/endpoint-binding.spec.ts checks each handler's @Endpoint; this checks
 * what the app really mounts).
 */
describe('route table', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it("holds exactly the app's routes (method and path)", () => {
    const served = appRoutes(t.app).map(endpoint).sort();
    const table = allRoutes()
      .map(({ route }) => endpoint(route))
      .sort();
    expect(new Set(table).size).toBe(table.length);
    expect(table).toEqual(served);
  });
});
