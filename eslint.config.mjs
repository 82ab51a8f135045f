import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The layers, each importing only those below it: app → components → server → db → core.
// `i18n/` is next-intl's glue on top of `core/locales.ts`; `cli/` and `server-entry/` are
// entries beside `app/`.
// Paths are matched after resolution, so `@/…` and `../…` imports are both caught.
const layer = (name) => `./src/${name}`;
const direction = 'Layers import downward only: app → components → server → db → core (docs/architecture.md).';
const layerZones = [
  {
    target: layer('core'),
    from: ['app', 'components', 'server', 'db', 'cli', 'i18n'].map(layer),
    message: `core/ is the domain and imports no other layer. ${direction}`,
  },
  {
    target: layer('db'),
    from: ['app', 'components', 'server', 'cli', 'i18n'].map(layer),
    message: `db/ builds on core/ only; pass what it needs from server/ as an argument. ${direction}`,
  },
  {
    target: layer('server'),
    from: ['app', 'components', 'cli'].map(layer),
    message: `server/ does not reach up into pages, components or the CLI. ${direction}`,
  },
  {
    target: layer('components'),
    from: ['app', 'db', 'cli'].map(layer),
    message: `A component gets its data and actions from a server function (server/) or as props from its page. ${direction}`,
  },
  {
    target: layer('i18n'),
    from: ['app', 'components', 'server', 'db', 'cli'].map(layer),
    message: `i18n/ builds on core/locales.ts only. ${direction}`,
  },
  {
    target: layer('app'),
    from: ['db', 'cli'].map(layer),
    message: `Pages and route handlers call a server function (server/), never getDatabase() or a repository. ${direction}`,
  },
  {
    target: layer('server-entry'),
    from: ['app', 'components', 'db', 'cli'].map(layer),
    message: `The server entry wraps Next's handler with core/ and plain server/ modules only. ${direction}`,
  },
  {
    target: layer('cli'),
    from: ['app', 'components'].map(layer),
    message: `The CLI calls server/, db/ and core/, never pages or components. ${direction}`,
  },
];

// Kysely's ways into a query or a transaction from a handle.
const queryBuilders = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom', 'transaction', 'startTransaction', 'connection', 'executeQuery', 'withSchema'];

const config = [
  ...nextVitals,
  ...nextTs,
  // Media are pre-sized WebP files served from /images with width and height set; the
  // Next image optimizer would add a second, uncached hop per image.
  { rules: { '@next/next/no-img-element': 'off' } },
  // CommonJS scripts (scripts/check-node.cjs) run on any Node, before a check that it is new enough.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'import/no-restricted-paths': ['error', { zones: layerZones }] } },
  // The domain runs the same in a page, a worker and a command-line script.
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'core/ has no React.' },
          { group: ['next', 'next/*', 'next-intl', 'next-intl/*', 'server-only'], message: 'core/ has no Next.js or next-intl: it runs in scripts and workers too.' },
          { group: ['kysely', 'kysely/*', 'better-sqlite3', 'pg', 'pg/*'], message: 'SQL lives in db/; core/ receives repositories as arguments.' },
        ],
      }],
    },
  },
  // SQL lives in db/. Above it a database handle (`Db` from db/client.ts) is only passed to
  // repositories and to db/transaction.ts's inTransaction and inReadSnapshot: no kysely
  // import (not even its `sql` tag or its types), no query built or transaction opened on
  // the handle. app/ and components/ may not import db/ at all (the zones above).
  {
    files: ['src/{app,components,server,server-entry,i18n,cli}/**/*.{ts,tsx}', 'src/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['kysely', 'kysely/*'], message: 'SQL lives in db/: call a repository there (db/repositories/), and hold the handle as `Db` from @/db/client.' },
        ],
      }],
      'no-restricted-syntax': ['error', {
        selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${queryBuilders.join('|')})$/]`,
        message: 'SQL lives in db/: this query (or transaction) belongs in a repository in db/repositories/, or use inTransaction/inReadSnapshot from @/db/transaction.',
      }],
    },
  },
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
];

export default config;
