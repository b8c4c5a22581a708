import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import type { Linter } from 'eslint';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { APPS, REMOTE_IDS } from '@loofi/contracts/apps';

const REMOTES = REMOTE_IDS.map((remote) => APPS[remote].dir);

/** A remote never imports the host or another remote; the host never imports a remote. */
const boundaryZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: ['./host', ...REMOTES.filter((other) => other !== remote).map((o) => `./${o}`)],
    message:
      'A remote gets everything from its RemoteProps; it never imports the host or another remote.',
  })),
  {
    target: './host/src/features',
    from: './host/src/app',
    message: 'The app composes the features; a feature never imports the app.',
  },
  {
    target: './host',
    from: './remotes',
    message: 'The host loads remotes only at runtime, through the remote loader.',
  },
  {
    target: './packages',
    from: ['./host', './remotes'],
    message: 'Dependencies point one way: packages are imported by the apps, never the reverse.',
  },
  // The packages in layers: contracts ← federation, ui ← backend, all browser code; tooling (Node) last.
  {
    target: './packages/shared/contracts',
    from: [
      './packages/shared/ui',
      './packages/shared/ui-kit',
      './packages/shared/backend',
      './packages/shared/federation',
      './packages/tooling',
    ],
    message: 'The contracts depend on no other package of ours.',
  },
  {
    target: './packages/shared/federation',
    from: [
      './packages/shared/ui',
      './packages/shared/ui-kit',
      './packages/shared/backend',
      './packages/tooling',
    ],
    message: '@loofi/federation builds on the contracts only.',
  },
  {
    target: './packages/shared/ui',
    from: ['./packages/shared/backend', './packages/tooling'],
    message: '@loofi/ui builds on the contracts and the kit only.',
  },
  {
    target: [
      './packages/shared/backend',
      './host/src',
      ...REMOTES.map((remote) => `./${remote}/src`),
    ],
    from: './packages/tooling',
    message: 'Browser code never imports the Node tooling.',
  },
];

/** Every TypeScript project: each app's browser and Node halves, the packages, the rest. */
const TS_PROJECTS = [
  '{host,remotes/*}/tsconfig.json',
  '{host,remotes/*}/tsconfig.node.json',
  'packages/*/tsconfig.json',
  'packages/shared/*/tsconfig.json',
  'bench/tsconfig.json',
  'firebase/tsconfig.json',
  'e2e/fixtures/*/tsconfig.json',
  'e2e/fixtures/*/tsconfig.node.json',
  'tsconfig.json',
];

const NODE_FILES = [
  '*.config.ts',
  '{host,remotes/*}/*.config.ts',
  'host/config/**',
  'remotes/settings/art/**',
  'packages/tooling/**',
  'bench/**',
  'e2e/**',
  'firebase/**',
];

const vendorRules: Linter.RulesRecord = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: '@mui/icons-material',
          message:
            "Import one icon ('@mui/icons-material/Home'): the barrel would be bundled whole.",
          allowTypeImports: true,
        },
      ],
      patterns: [
        {
          regex: '^@mui/(material|system|utils)(/|$)',
          message:
            "Import MUI from '@loofi/ui-kit' (or '@loofi/ui-kit/base'): the kit is shared as one module, a direct import is bundled and downloaded again.",
          allowTypeImports: true,
        },
        {
          regex: '^(@loofi/[^/]+|(\\.\\./)+packages/(shared/)?[^/]+)/src(/|$)',
          message:
            "Import a package by its name and its exports ('@loofi/contracts/player'), never its src/ files.",
        },
        {
          regex: '^@?firebase(/|$)',
          message: 'The Firebase SDK stays in packages/shared/backend/src/firebase/.',
        },
      ],
    },
  ],
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/@mf-types/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: TS_PROJECTS,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      ...vendorRules,
    },
  },
  {
    // Node code: the build, serve and bench tooling, the tests that drive a browser, the
    // Firebase project's scripts, and each app's config files. Everything else runs in a
    // browser (TypeScript agrees: only these folders' tsconfigs carry Node's types).
    files: NODE_FILES,
    languageOptions: { globals: globals.node },
  },
  {
    // Type-aware rules: a promise nobody awaits or handles, or one handed where a plain
    // callback is expected, is how a failure goes unseen.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: TS_PROJECTS, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The build tooling stays in small named parts a reader can take in one at a time. A
    // test's `describe` is a list of cases, not logic to split.
    files: ['packages/tooling/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.tsx', '**/use-*.ts'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    // The one room where the vendor SDK may be imported, and the Firebase project folder,
    // whose rules tests drive the emulators through @firebase/rules-unit-testing.
    files: ['packages/shared/backend/src/firebase/**', 'firebase/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The e2e fixture that plays a remote importing the SDK, to prove it gets the host's
    // (e2e/firebase/singleton.spec.ts). A real remote gets data through its RemoteProps.
    files: ['e2e/fixtures/firebase-remote/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The kit is where MUI is imported.
    files: ['packages/shared/ui-kit/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);
