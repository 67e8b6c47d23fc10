// @ts-check
import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.tools/',
      '.tranche/',
      'coverage/',
      'web/dist/',
      'build/',
      'sdk/*/dist/',
      // Stryker's sandbox copies of the project and its HTML/JSON mutation reports.
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Sorted imports and exports (autofixed), so a file's dependencies read in one order.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // Braces around any body that spans lines; a one-line `if (x) return y;` stays as it is.
      curly: ['error', 'multi-line'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // Async functions without await are how Fastify hooks and graphile tasks are typed.
      '@typescript-eslint/require-await': 'off',
      // Arrow shorthands returning void calls read fine and are idiomatic in handlers and tests.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // The domain is pure: no HTTP, SQL, gateway or process concerns (conventions §1). So are a
    // feature's own rules (`src/features/<name>/*.rules.ts`).
    files: ['src/domain/**/*.ts', 'src/features/**/*.rules.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'fastify',
                '@fastify/*',
                'kysely',
                'pg',
                'graphile-worker',
                'ioredis',
                'jose',
                'undici',
              ],
              message: 'The domain is pure TypeScript.',
            },
            {
              group: [
                '**/db/**',
                '**/http/**',
                '**/gateway/**',
                '**/identity/**',
                '**/notifications/**',
                '**/jobs/**',
                '**/features/**',
                '**/main/**',
                '**/app-context.ts',
              ],
              message: 'The domain depends on nothing outside it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may poke at loosely typed JSON bodies and use default exports where tools require them.
    files: [
      'test/**/*.ts',
      'src/**/*.test.ts',
      'sdk/*/test/**/*.ts',
      'bench/**/*.ts',
      'vitest.config.ts',
      'vitest.unit.config.ts',
      'vitest.domain.config.ts',
      'eslint.config.js',
      'test/harness/global-setup.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // dependency-cruiser reads its configuration as CommonJS.
    files: ['**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
);
