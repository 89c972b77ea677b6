// Prisma CLI configuration for the canonical SQLite schema (development use:
// `prisma migrate dev`, `prisma studio`). The server applies committed
// migrations itself (src/db/migrate.ts) and never runs the CLI.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL?.startsWith('file:') ? process.env.DATABASE_URL : 'file:./data/dev.db' },
});
