// Unit tests (no database) run once; integration tests (*.int.test.ts: real
// HTTP server, real database) run twice, on SQLite and on PostgreSQL.
const transform = { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] };
const quiet = '<rootDir>/test/setup/quiet-notices.ts';
const common = { testEnvironment: 'node', transform, roots: ['<rootDir>/test'], setupFiles: [quiet] };

// Integration tests whose subject does not depend on the database engine: the
// HTTP surface (static files, methods, GraphiQL, metric labels, log lines) and
// what is refused or described before any query runs (GraphQL limits and
// variables, REST suggestions, the OpenAPI document). They still run against a
// real server on a real database, once, on SQLite; a test that reads or writes
// data differently per engine does not belong here (docs/testing.md).
const ENGINE_INDEPENDENT = [
  'test/integration/http/console-assets.int.test.ts',
  'test/integration/http/graphiql.int.test.ts',
  'test/integration/http/method-not-allowed.int.test.ts',
  'test/integration/http/metrics-labels.int.test.ts',
  'test/integration/http/request-log.int.test.ts',
  'test/integration/api/graphql-limits.int.test.ts',
  'test/integration/api/graphql-variables.int.test.ts',
  'test/integration/api/openapi.int.test.ts',
  'test/integration/api/rest-suggestions.int.test.ts',
];
const escaped = (file) => `/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  // A worker keeps every test file's modules it ran (Prisma clients, the
  // GraphQL schema): over the whole suite one reached the 4 GB heap limit.
  // Past this, a worker is replaced between test files.
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
      setupFiles: [quiet, '<rootDir>/test/setup/sqlite.ts'],
    },
    // Browser tests (headless Chromium) run once, on SQLite.
    {
      ...common,
      displayName: 'browser',
      testMatch: ['**/*.browser.test.ts'],
      setupFiles: [quiet, '<rootDir>/test/setup/sqlite.ts'],
      globalSetup: '<rootDir>/test/setup/browser-global.ts',
      globalTeardown: '<rootDir>/test/setup/browser-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'postgresql',
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...ENGINE_INDEPENDENT.map(escaped)],
      setupFiles: [quiet, '<rootDir>/test/setup/postgresql.ts'],
      // Runs only when a PostgreSQL test is selected: finds a server, or starts a throw-away one.
      globalSetup: '<rootDir>/test/setup/postgresql-global.ts',
      globalTeardown: '<rootDir>/test/setup/postgresql-global-teardown.ts',
    },
  ],
};
