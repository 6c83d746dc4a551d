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
    // clients/ is a separate package with its own setup; data/ and docs/ hold generated or static content.
    ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'clients/**', 'data/**', 'docs/**', 'bench/results/**'],
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
    // Tests read untyped JSON bodies (the `Json` type of test/helpers/service.ts); their assertions validate them.
    files: ['test/**/*.ts', '**/*.spec.ts'],
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
