// Unit tests (no database) run once; integration tests (*.int.test.ts: real
// HTTP server, real database) run twice, on SQLite and on PostgreSQL.
const transform = { '^.+\\.ts$': ['@swc/jest', require('./test/setup/swc-options.cjs')] };
const quiet = '<rootDir>/test/setup/quiet-notices.ts';
// Parley's modules load once per worker in these projects (the file says why).
const sharedRuntime = '<rootDir>/test/setup/shared-runtime.cjs';
const common = { testEnvironment: 'node', transform, roots: ['<rootDir>/test'], setupFiles: [quiet] };

// Integration tests that run once, on SQLite: their subject does not depend on
// the database engine. The PostgreSQL run covers the storage layer (what is
// stored, read, searched, counted, locked or shared between processes); these
// read and write only through paths that the tests it runs cover too
// (docs/testing.md#what-runs-on-both-databases). A folder entry (ending in /)
// covers every file under it.
const SQLITE_ONLY = [
  // The HTTP surface: static files, methods, GraphiQL, metric labels, log lines, pages.
  'test/integration/http/console-assets.int.test.ts',
  'test/integration/http/graphiql.int.test.ts',
  'test/integration/http/method-not-allowed.int.test.ts',
  'test/integration/http/metrics-labels.int.test.ts',
  'test/integration/http/request-log.int.test.ts',
  'test/integration/http/keep-alive.int.test.ts',
  'test/integration/http/live-heartbeat.int.test.ts',
  'test/integration/http/pages.int.test.ts',
  // What is refused or described before any query runs.
  'test/integration/api/graphql-limits.int.test.ts',
  'test/integration/api/graphql-variables.int.test.ts',
  'test/integration/api/openapi.int.test.ts',
  'test/integration/api/rest-suggestions.int.test.ts',
  'test/integration/api/bad-input.int.test.ts',
  'test/integration/api/value-shapes.int.test.ts',
  'test/integration/api/unknown-variable-problems.int.test.ts',
  'test/integration/api/block-types.int.test.ts',
  'test/integration/api/templates.int.test.ts',
  // The flow engine's behaviour over the wire, block by block and bot by bot:
  // each turn loads and saves its session like every chat test of both runs.
  'test/integration/chat/fixture-bots/',
  'test/integration/chat/recorded-conversations.int.test.ts',
  'test/integration/chat/flow.int.test.ts',
  'test/integration/chat/wire-shapes.int.test.ts',
  'test/integration/chat/silent-bots.int.test.ts',
  'test/integration/chat/start-props.int.test.ts',
  'test/integration/chat/transcript-lines.int.test.ts',
  'test/integration/chat/preview.int.test.ts',
  'test/integration/chat/allowed-origins.int.test.ts',
  'test/integration/chat/typebot-alias.int.test.ts',
  'test/integration/chat/forge-blocks.int.test.ts',
  'test/integration/chat/ai-blocks.int.test.ts',
  'test/integration/chat/email.int.test.ts',
  'test/integration/chat/http-request.int.test.ts',
  'test/integration/chat/templates-integrations.int.test.ts',
  'test/integration/channels/lead-telegram.int.test.ts',
  'test/integration/channels/lead-whatsapp.int.test.ts',
  'test/integration/channels/typebot-export-whatsapp.int.test.ts',
  // What a process keeps between servers (caches, metrics), whatever their database.
  'test/integration/server/one-process-many-servers.int.test.ts',
  // The API's other faces over the same resolvers: REST against GraphQL, and MCP over HTTP (parley mcp is a
  // process of its own on the database, like the CLI: both runs).
  'test/integration/api/graphql-parity.int.test.ts',
  'test/integration/mcp/http.int.test.ts',
];
const escaped = (entry) => `/${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${entry.endsWith('/') ? '' : '$'}`;

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  // One worker runs the browser files in turn while the others run the rest.
  testSequencer: '<rootDir>/test/setup/test-order.cjs',
  // A worker keeps something of every test file it ran (the unit project's
  // module registries; before the shared runtime, each file's Prisma clients
  // and GraphQL schema: one worker reached the 4 GB heap limit). Past this, a
  // worker is replaced between test files.
  workerIdleMemoryLimit: '1536MB',
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '\\.browser\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'sqlite',
      testMatch: ['**/*.int.test.ts'],
      runtime: sharedRuntime,
      setupFiles: [quiet, '<rootDir>/test/setup/sqlite.ts'],
    },
    // Browser tests (headless Chromium) run once, on SQLite.
    {
      ...common,
      displayName: 'browser',
      runtime: sharedRuntime,
      testMatch: ['**/*.browser.test.ts'],
      setupFiles: [quiet, '<rootDir>/test/setup/sqlite.ts'],
      globalSetup: '<rootDir>/test/setup/browser-global.ts',
      globalTeardown: '<rootDir>/test/setup/browser-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'postgresql',
      runtime: sharedRuntime,
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...SQLITE_ONLY.map(escaped)],
      setupFiles: [quiet, '<rootDir>/test/setup/postgresql.ts'],
      // Runs only when a PostgreSQL test is selected: finds a server, or starts a throw-away one.
      globalSetup: '<rootDir>/test/setup/postgresql-global.ts',
      globalTeardown: '<rootDir>/test/setup/postgresql-global-teardown.ts',
    },
  ],
};
