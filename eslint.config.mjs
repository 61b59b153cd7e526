import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** Source and tests that belong to a tsconfig, so rules that need types can run on them. */
const typedFiles = [
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
    files: typedFiles,
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
    // Import boundaries: a feature screen is reached only through app/ (the router); a backend module
    // runs its own SQL, and common/ knows no module.
    files: ['frontend/src/**/*.{ts,tsx}', 'backend/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'common', pattern: 'backend/src/common' },
        { type: 'module', pattern: 'backend/src/modules/*', capture: ['name'] },
      ],
      'boundaries/files': [{ category: 'repository', pattern: '**/*.repository.ts' }],
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
          {
            from: { element: { type: 'common' } },
            disallow: { to: { element: { type: 'module' } } },
            message: 'common/ must not know the modules: declare an abstraction in common that a module provides.',
          },
          {
            from: { element: { type: 'module' } },
            disallow: { to: { element: { type: 'module' }, file: { categories: 'repository' } } },
            message: "A module runs only its own SQL: use the owning module's exported service.",
          },
          {
            from: { element: { type: 'module' } },
            allow: { to: { element: { type: 'module', captured: { name: '{{ from.element.captured.name }}' } }, file: { categories: 'repository' } } },
          },
        ],
      }],
    },
  },
);
