// ESLint flat config: @eslint/js recommended + typescript-eslint type-checked recommended, Prettier last.
import { defineConfig } from 'eslint/config';
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// Node's globals for the plain JS files (the `globals` package is not a dependency; these are the ones Node has).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'TextEncoder',
    'TextDecoder',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'performance',
    'fetch',
    'AbortController',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    // data/ and docs/ hold generated or static content; the client's generated types and build output are not ours to
    // lint, and type-tests/misspelled.ts must not compile (the client's type test checks that).
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'dist-bench/**',
      'coverage/**',
      'data/**',
      'docs/**',
      'bench/results/**',
      'clients/typescript/src/schema.d.ts',
      'clients/typescript/dist/**',
      'clients/typescript/dist-test/**',
      'clients/typescript/type-tests/misspelled.ts',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // tsconfig.json covers src, test and bench; tsconfig.eslint.json extends it with scripts/*.ts.
        project: './tsconfig.eslint.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    // A disable comment that no longer suppresses anything is an error (default: warning), so stale ones go.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The code names deliberately unused values `_…` (rest-destructuring to drop a key, ignored parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The typed client is its own package with its own tsconfigs (NodeNext): its sources, tests and type tests.
    files: ['clients/typescript/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./clients/typescript/tsconfig.test.json', './clients/typescript/type-tests/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // node:test's describe/it return promises the runner itself tracks (typescript-eslint's documented exception).
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'], package: 'node:test' },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies (the `Json` type of test/helpers/service.ts); their assertions validate them.
    files: ['test/**/*.ts', '**/*.spec.ts', 'clients/typescript/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (CommonJS node scripts, jest.config.js, this file, the ESM oracle): JS rules only, no types.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    // CommonJS node scripts: require/module/__dirname are their module system, so CommonJS scope and require().
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
