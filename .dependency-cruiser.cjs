/**
 * The layer check (`npm run lint:layers`, part of `npm run lint`): ARCHITECTURE.md draws the
 * picture these rules enforce. A rule that fails names the import to move, not to silence.
 */
const workspaces = ['contracts', 'bridge', 'server', 'client', 'load-tests'];
const otherWorkspace = (ws) => `^(${workspaces.filter((w) => w !== ws).join('|')}|ea)/`;

/** A layer rule: files under `from` never import files under `to`. */
const layer = (name, from, to, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: from },
  to: { path: to },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'resolvable',
      severity: 'error',
      comment:
        "An import that does not resolve: a typo, or a workspace file its package's `exports` does not offer.",
      // k6 scripts import modules only the k6 runtime has.
      from: { pathNot: '^load-tests/k6/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'An import cycle: split the shared part out, or invert one dependency. Cycles made only of `import type` are erased at compile time and allowed.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    layer(
      'server-core-not-features',
      '^server/src/core/',
      '^server/src/(features|http)/',
      'server/src/core serves features; it never reaches up into them (or into http/).',
    ),
    layer(
      'server-ports-db-at-the-bottom',
      '^server/src/(ports|db)/',
      '^server/src/(core|http|features)/',
      'Ports and the database schema are the bottom layer: no core, http or features.',
    ),
    layer(
      'server-lib-below-all',
      '^server/src/lib/',
      '^server/src/(ports|db|core|http|features)/',
      'server/src/lib holds plain helpers (no I/O of their own) that every layer may use.',
    ),
    layer(
      'server-http-not-features',
      '^server/src/http/',
      '^server/src/features/',
      'server/src/http (guards, sessions, validation, errors) is shared by every feature.',
    ),
    {
      name: 'client-features-apart',
      severity: 'error',
      comment:
        'A client feature imports another only through a shared folder: components/, lib/, stores/ or features/shared/.',
      from: { path: '^client/src/features/([^/]+)/' },
      to: {
        path: '^client/src/features/([^/]+)/',
        pathNot: ['^client/src/features/$1/', '^client/src/features/shared/'],
      },
    },
    layer(
      'client-shared-not-features',
      '^client/src/(components|lib|stores)/',
      '^client/src/features/',
      'Shared client folders sit below the features: they never import one.',
    ),
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'Contracts import only zod and each other, so every side can bundle them.',
      from: { path: '^contracts/' },
      to: { pathNot: ['^contracts/src/', '^node_modules/zod/'] },
    },
    ...workspaces.map((ws) => ({
      name: `${ws}-through-package-entries`,
      severity: 'error',
      comment: `${ws} reaches another workspace only through its package entry (@signalrelay/<name>/...), never by a relative path into its files.`,
      from: { path: `^${ws}/(src|bin)/`, pathNot: '\\.test\\.ts$' },
      to: { path: otherWorkspace(ws), dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    })),
    {
      name: 'tests-not-into-other-src',
      severity: 'error',
      comment:
        'Tests may start another workspace through its test harness (<workspace>/test/) or package entries, never import its src/ files.',
      from: { path: '^(contracts|bridge|server|client|load-tests|ea)/' },
      to: {
        path: '^(contracts|bridge|server|client|load-tests)/src/',
        pathNot: '^$1/',
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['node_modules', '(^|/)dist/', 'routeTree\\.gen\\.ts$', '^ea/harness/build/'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
