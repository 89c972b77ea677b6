// Prisma CLI configuration for the derived PostgreSQL schema. Author a migration:
//   PRISMA_SCHEMA_ENGINE_BINARY=$PWD/../shared/tools/schema-engine-wasm.cjs \
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/parley_dev \
//   npx prisma migrate dev --config prisma/postgresql/prisma.config.ts --name <name>
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'schema.prisma',
  migrations: { path: 'migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/parley_dev' },
});
