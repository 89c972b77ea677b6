import pg from 'pg';
import { openDatabase } from '../../../src/db/client';
import { publishDefinition, say, startChat, threeQuestions } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { createThrowawayDatabase, type ThrowawayDatabase, onPostgres } from '../../helpers/test-database';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// PostgreSQL may end any connection (a restart, a failover, an administrator):
// the pools drop the dead connections and open new ones; the process neither
// crashes nor fails the requests that come after.

(onPostgres ? describe : describe.skip)('connections cut by the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimit: { ipPoints: 1000, botPoints: 1000, windowSeconds: 60 } });
  });
  afterAll(() => server.close());

  it('goes on serving chats and builder requests after every idle connection of the database was terminated', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    const first = await startChat(server, publicId);
    expect(first.status).toBe(200);
    // Pools now hold idle connections: the database's (Prisma and the chat store) and the rate limiter's.
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ count: string }>(
        `SELECT count(pg_terminate_backend(pid)) AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    // Let the terminations reach the pools (they see them as errors of idle clients).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await say(server, first.body.sessionId, 'Ada')).status).toBe(200);
    expect((await startChat(server, publicId)).status).toBe(200);
    const bots = await request(server.url, 'GET', `/v1/bots?workspaceId=${server.adminWorkspaceId}`, {
      token: server.adminToken,
    });
    expect(bots.status).toBe(200);
  });
});

(onPostgres ? describe : describe.skip)('the pool size', () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(() => database.drop());

  it('bounds the connections a process opens, however many statements wait (PARLEY_DATABASE_POOL_SIZE)', async () => {
    const opened = openDatabase(database.url, { poolSize: 3 });
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      // Eight sleeps of 0.4 s through a pool of three: they take three rounds, the pool full all along.
      let done = false;
      const sleeping = Promise.all(
        Array.from({ length: 8 }, () => opened.db.$queryRaw`SELECT pg_sleep(0.4)::text AS slept`),
      ).finally(() => (done = true));
      let most = 0;
      while (!done) {
        const { rows } = await observer.query<{ count: string }>(
          `SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        most = Math.max(most, Number(rows[0]!.count));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sleeping;
      expect(most).toBe(3);
    } finally {
      await observer.end();
      await opened.close();
    }
  });
});
