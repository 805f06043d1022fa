// ESLint for the whole repository: `npm run lint` (the first level of `npm test`).
// Style is Prettier's (.prettierrc.json), checked here as well so CI fails on unformatted code;
// the rules below are about correctness and the import boundaries of docs/architecture.md.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Folders are read from the repository root, wherever ESLint is started from.
const dirs = (p) =>
  fs
    .readdirSync(path.join(import.meta.dirname, p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const CONTEXTS = dirs('src/modules');
const MEMBER_FEATURES = dirs('member-web/src/features');

/** A context is reached from outside only through its index.ts. */
const contextZones = CONTEXTS.flatMap((to) => [
  // other contexts
  ...CONTEXTS.filter((from) => from !== to).map((from) => ({
    target: `./src/modules/${to}`,
    from: `./src/modules/${from}`,
    except: ['./index.ts'],
    message: `Import the ${from} context through its index.ts only.`,
  })),
  // the app's shell: api, worker, cli, modules/projections.ts, app.*
  ...[
    './src/api',
    './src/worker',
    './src/cli',
    './src/modules/projections.ts',
    './src/app.module.ts',
    './src/app.factory.ts',
    './src/main.ts',
  ].map((target) => ({
    target,
    from: `./src/modules/${to}`,
    except: ['./index.ts'],
    message: `Import the ${to} context through its index.ts only.`,
  })),
]);

const platformZones = [
  { target: './src/platform', from: './src/modules', message: 'platform/ imports no module.' },
  { target: './src/platform', from: './src/api', message: 'platform/ imports no api code.' },
  { target: './src/platform', from: './src/worker', message: 'platform/ imports no worker code.' },
  { target: './src/modules', from: './src/api', message: 'A context does not import the HTTP surface.' },
];

const featureZones = MEMBER_FEATURES.flatMap((to) =>
  MEMBER_FEATURES.filter((from) => from !== to).map((from) => ({
    target: `./member-web/src/features/${to}`,
    from: `./member-web/src/features/${from}`,
    message: 'member-web features do not import each other: move shared code to lib/ or components/.',
  })),
);

const SQL = '/\\b(SELECT|INSERT INTO|UPDATE \\w+ SET|DELETE FROM|WITH \\w+ AS)\\b/';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-artifacts/**',
      'coverage/**',
      'scripts/**',
      'bench/**/*.mjs',
      '**/*.cjs',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.test.json', 'member-web/tsconfig.json', 'admin-web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'migrations/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...contextZones, ...platformZones] },
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `TemplateElement[value.raw=${SQL}i]`, message: 'api/ holds no SQL: call a query of the context.' },
        { selector: `Literal[value=${SQL}i]`, message: 'api/ holds no SQL: call a query of the context.' },
      ],
    },
  },
  {
    files: ['member-web/**/*.{ts,tsx}', 'admin-web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['member-web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }] },
  },
  prettier,
);
