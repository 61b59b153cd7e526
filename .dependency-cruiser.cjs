/**
 * Dependency rules (npm run lint:deps, over backend/src and frontend/src). Domains under
 * backend/src/modules must not depend on each other in a circle nor reach past another's public
 * surface, and the shared infrastructure under backend/src/common must not depend on any domain. No
 * client file depends on itself through others (lazy imports included); the client's layer order is
 * eslint's (eslint.config.mjs, CLIENT_LAYERS).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-modules',
      comment: 'Domain folders must not depend on each other in a circle: move the shared piece to common or to its owner, or invert the dependency.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^backend/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'module-reaches-module-through-its-public-surface',
      comment: "A module reaches another only through its module, services, guards, interceptors and public.ts (never its SQL, rows or repository); the same rule as eslint.config.mjs's boundaries.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/([^/]+)/',
        pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/(public|[^/]+[.](module|service|guard|interceptor))[.]ts$'],
      },
    },
    {
      name: 'common-imports-no-module',
      comment: 'Shared infrastructure must not know the domains: declare an abstraction in common that a module provides.',
      severity: 'error',
      from: { path: '^backend/src/common/' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'no-circular-client',
      comment: 'A client file must not depend on itself through others: move the shared piece to the layer below, or invert with a callback.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
  },
};
