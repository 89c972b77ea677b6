// Parley started inside the bench's own process (the benches that read its
// database directly), on a fresh SQLite file unless told another database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/cli/serve';
import { publishBot } from '../src/services/bot-publishing';
import { createBot } from '../src/services/bot-saves';

export interface BenchServer {
  server: RunningServer;
  base: string;
  /** Creates and publishes `definition` in the admin's workspace; answers its public id. */
  publish(definition: unknown): Promise<string>;
  /** Stops the server and removes its database. */
  close(): Promise<void>;
}

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** `settings` (environment names, as for `loadConfig`) go over the benches' own. */
export async function startBenchServer(prefix: string, settings: Record<string, string> = {}): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer(
    loadConfig({
      // One client drives the whole load: the per-IP chat rate limit would refuse it.
      PARLEY_RATE_LIMIT: 'off',
      PARLEY_PORT: '0',
      PARLEY_DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
      PARLEY_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      // Its request log would fill the figures' output (and cost the measured server time).
      PARLEY_LOG_LEVEL: 'silent',
      ...settings,
    }),
    () => undefined,
  );
  const db = server.database.db;
  const workspace = await db.workspace.findFirstOrThrow();
  return {
    server,
    base: `http://127.0.0.1:${server.port}`,
    publish: async (definition) => (await publishBot(db, (await createBot(db, workspace.id, definition)).id)).publicId!,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
