import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Layer boundaries of ARCHITECTURE.md: contract <- machines <- src, contract <- server.
 * Stricter than the house plan: src/ takes even its types from contract/, never from server/.
 * Inside server/: routes -> http, services -> db -> lib (routes and services may use lib and db).
 */
const zones = [
  { target: './contract', from: ['./machines', './src', './server'], message: 'contract/ imports zod only.' },
  { target: './machines', from: ['./src', './server'], message: 'machines/ are pure: xstate and contract/ only.' },
  { target: './src', from: './server', message: 'src/ must not import server/: the wire types live in contract/.' },
  { target: './server', from: ['./src', './machines'], message: 'server/ imports contract/ only.' },
  {
    target: './server/services',
    from: ['./server/http', './server/routes'],
    message: 'services/ know nothing of HTTP: routes call them, never the other way.',
  },
  {
    target: './server/db',
    from: ['./server/services', './server/http', './server/routes'],
    message: 'db/ sits below services/: helpers both use (dates, money, token hashing) live in server/lib/.',
  },
  {
    target: './server/lib',
    from: ['./server/db', './server/services', './server/http', './server/routes'],
    message: 'server/lib/ is the bottom of the server: plain helpers that import no other server folder.',
  },
];

/**
 * Walls inside src/ (docs/decisions/0011-folders-inside-src.md). A feature reaches another only
 * through that feature's index.ts; the UI kit and the libraries below the flow know no feature.
 * Routes are the composition root and may import any feature file (route code-splitting).
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.flatMap((feature) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./src/features/${feature}`,
      from: `./src/features/${other}`,
      except: ['./index.ts'],
      message: `A feature imports another only through its index.ts (src/features/${other}/index.ts); shared UI belongs in src/components, shared helpers in src/lib.`,
    })),
);

const srcZones = [
  {
    target: './src/components',
    from: ['./src/features', './src/flow', './src/routes'],
    message:
      'src/components is the UI kit: it knows no feature, flow or route. Take what the app lends through a prop or components/kit-slots.tsx.',
  },
  {
    target: ['./src/lib', './src/api', './src/platform', './src/trace'],
    from: ['./src/features', './src/flow'],
    message: 'src/lib, src/api, src/platform and src/trace lie below the flow and the features: they import neither.',
  },
  {
    target: './src/flow',
    from: './src/features',
    message: 'src/flow runs the actors the screens read: it imports no feature (move the code down, or pass it in).',
  },
];

export default tseslint.config(
  {
    ignores: [
      // dist-*/ and test-results-*/: builds and reports of parallel runs on one machine.
      'dist/',
      'dist-*/',
      'node_modules/',
      'coverage/',
      // Mutation testing's sandbox and reports (npm run mutation).
      'reports/',
      'test-results/',
      'test-results-*/',
      'playwright-report/',
      '.data*/',
      'src/routeTree.gen.ts',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureZones, ...srcZones] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The contract's index re-exports the merged call table: a value imported from it (or from
    // api.ts) builds every call's schemas at the app's start instead of each area's with its first
    // call (ADR 0018 point 4). Types cost nothing at run time.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+contract(/index|/api)?$',
              allowTypeImports: true,
              message: "Import the value from its contract/<area>.ts: the index and api.ts are the server's.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // ADR 0012: a screen gets its actor from a use… hook of src/flow, which starts it with its
    // effects, storage and the app's inspector; time is a machine's delay or the flow's.
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useActorRef', 'useMachine', 'createActorContext'],
              message: 'Actors start in src/flow: use its use… hook.',
            },
            { name: 'xstate', importNames: ['createActor'], message: 'Actors start in src/flow: use its use… hook.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'A screen keeps no timer: use an `after` delay, or src/flow.' },
        { name: 'setInterval', message: 'A screen keeps no timer: use an `after` delay, or src/flow.' },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'machines/ are pure: no React.' },
            { name: 'react-dom', message: 'machines/ are pure: no React.' },
            { name: 'dayjs', message: 'machines/ are pure: time comes from the caller.' },
          ],
          patterns: [
            { group: ['@tanstack/*', '@xstate/react'], message: 'machines/ are pure: xstate and contract/ only.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'No DOM in machines/.' },
        { name: 'document', message: 'No DOM in machines/.' },
        { name: 'localStorage', message: 'No DOM in machines/: persistence is provided by src/.' },
        { name: 'navigator', message: 'No DOM in machines/.' },
        { name: 'fetch', message: 'No fetch in machines/: invoke a named actor provided by src/.' },
        { name: 'Date', message: 'No Date in machines/: time is the machine clock or an input.' },
        { name: 'setTimeout', message: 'Use XState `after` delays in machines/.' },
        { name: 'setInterval', message: 'Use XState `after` delays in machines/.' },
      ],
    },
  },
);
