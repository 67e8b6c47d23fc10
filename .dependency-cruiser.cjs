/**
 * The server's dependency rules, checked by `npm run lint` (decision 0030):
 * - no import cycle anywhere in src/, type-only imports included;
 * - a capability (src/features/<name>/) is imported from outside only through its index.ts, or
 *   its schemas.ts: request and response shapes, TypeBox only, which the browser's API clients
 *   and the OpenAPI document import too;
 * - a schemas.ts stays a leaf: it imports nothing but TypeBox, http/schemas.ts, the domain and
 *   other schemas.ts files.
 * Tests (test/, *.test.ts) may reach a feature's inner modules: they test them directly.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles (type-only included) hide the order modules depend on each other.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'feature-inner-from-outside',
      severity: 'error',
      comment:
        'Import a feature through its index.ts (src/features/<name>/index.ts), never its inner files.',
      from: { path: '^src/', pathNot: ['^src/features/', '\\.test\\.ts$'] },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/[^/]+/index\\.ts$', '^src/features/[^/]+/schemas\\.ts$'],
      },
    },
    {
      name: 'feature-inner-from-another-feature',
      severity: 'error',
      comment:
        'A feature uses another only through its index.ts (src/features/<name>/index.ts), never its inner files.',
      from: { path: '^src/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/index\\.ts$',
          '^src/features/[^/]+/schemas\\.ts$',
        ],
      },
    },
    {
      name: 'schemas-are-leaves',
      severity: 'error',
      comment:
        'A schemas.ts holds TypeBox shapes only: import typebox, http/schemas.ts, the domain or other schemas.ts.',
      from: { path: '^src/features/[^/]+/schemas\\.ts$' },
      to: {
        path: '^src/',
        pathNot: ['^src/http/schemas\\.ts$', '^src/domain/', '^src/features/[^/]+/schemas\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
