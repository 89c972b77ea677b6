#!/usr/bin/env node
// Generates both Prisma clients (SQLite and PostgreSQL) and the Pothos types.
// `prisma generate` never runs the schema engine, but the CLI insists on having
// one before any command and tries to download it; offline machines fail there.
// Pointing PRISMA_SCHEMA_ENGINE_BINARY at any executable (here: node itself)
// skips the download on every machine without changing what is generated.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
require('./derive-postgres-schema.cjs').derive(root);

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
// Generators (prisma-pothos-types) are looked up on PATH, as under `npm run`.
env.PATH = [path.join(root, 'node_modules', '.bin'), env.PATH].join(path.delimiter);
const cli = require.resolve('prisma/build/index.js', { paths: [root] });
for (const schema of ['prisma/schema.prisma', 'prisma/postgresql/schema.prisma']) {
  execFileSync(process.execPath, [cli, 'generate', '--schema', schema], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
