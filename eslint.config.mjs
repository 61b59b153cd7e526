import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The client's layers, left to right (docs/decisions/0087): a file imports only its own layer and
 * those to its right. hooks/ are generic React hooks beside lib/ (they import lib/ only); test/
 * holds test utilities, which any test may import and which may import any layer.
 */
const CLIENT_LAYERS = ['app', 'feature', 'components', 'queries', 'realtime', 'stores', 'api', 'hooks', 'lib'];

/** One policy per layer: nothing to its left. */
const clientLayerPolicies = CLIENT_LAYERS.slice(1).map((layer, i) => ({
  from: { element: { type: layer } },
  disallow: { to: { element: { types: { anyOf: CLIENT_LAYERS.slice(0, i + 1) } } } },
  message: `The client's layers run ${CLIENT_LAYERS.join(' > ')}: ${layer} imports only what is to its right (invert with a callback, or move the piece).`,
}));

/** Source and tests that belong to a tsconfig, so rules that need types can run on them. */
export const TYPED_FILES = [
  'libs/contracts/src/**/*.ts',
  'backend/src/**/*.ts',
  'backend/test/**/*.ts',
  'frontend/src/**/*.{ts,tsx}',
  'frontend/e2e/**/*.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'docs/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Request schemas say z.optional(...) (absent only): z.nullish also lets null through (decisions/0083).
    files: ['libs/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'z', property: 'nullish', message: 'Use z.optional: null is a value, not an absent field (z.nullable where null means none).' }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Import boundaries: a feature screen is reached only through app/ (the router), and the client's
    // layers import only rightwards (CLIENT_LAYERS); a backend module reaches another only through its
    // public surface (never its SQL, rows or repository), and common/
    // knows no module.
    files: ['frontend/src/**/*.{ts,tsx}', 'backend/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'frontend/src/app' },
        ...CLIENT_LAYERS.filter((layer) => layer !== 'app' && layer !== 'feature').map((layer) => ({ type: layer, pattern: `frontend/src/${layer}` })),
        { type: 'test-support', pattern: 'frontend/src/test' },
        { type: 'common', pattern: 'backend/src/common' },
        { type: 'module', pattern: 'backend/src/modules/*', capture: ['name'] },
      ],
      // A backend module's public surface: what Nest wires across modules (its module, services, guards,
      // interceptors) and its public.ts, which names the reads and types it lends (posts' hydration, say).
      'boundaries/files': [
        { category: 'module-public', pattern: ['backend/src/modules/*/public.ts', 'backend/src/modules/*/*.{module,service,guard,interceptor}.ts'] },
        { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/*TestKit.{ts,tsx}'] },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'allow',
        policies: [
          {
            from: { element: { type: '!app' } },
            disallow: { to: { element: { type: 'feature' } } },
            message: 'Only app/ imports a feature; move what features share to a shared folder.',
          },
          {
            from: { element: { type: 'feature' } },
            allow: { to: { element: { type: 'feature', captured: { name: '{{ from.element.captured.name }}' } } } },
          },
          ...clientLayerPolicies,
          {
            from: { element: { types: { anyOf: CLIENT_LAYERS } } },
            disallow: { to: { element: { type: 'test-support' } } },
            message: 'frontend/src/test holds test utilities: only tests import them.',
          },
          {
            from: { file: { categories: 'test' } },
            allow: { to: { element: { type: 'test-support' } } },
          },
          {
            from: { element: { type: 'common' } },
            disallow: { to: { element: { type: 'module' } } },
            message: 'common/ must not know the modules: declare an abstraction in common that a module provides.',
          },
          {
            from: { element: { type: 'module' } },
            disallow: { to: { element: { type: 'module' } } },
            message: "A module reaches another only through its module, services, guards, interceptors and public.ts, never its SQL, rows or repository: use the owner's service, or export the read from its public.ts.",
          },
          {
            from: { element: { type: 'module' } },
            allow: { to: { element: { type: 'module', captured: { name: '{{ from.element.captured.name }}' } } } },
          },
          {
            from: { element: { type: 'module' } },
            allow: { to: { element: { type: 'module' }, file: { categories: 'module-public' } } },
          },
        ],
      }],
    },
  },
);
