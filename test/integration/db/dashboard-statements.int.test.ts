import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { execute, parse } from 'graphql';
import type { Db } from '../../../src/db/client';
import { parseDatabaseUrl } from '../../../src/db/database-url';
import { PrismaClient } from '../../../src/db/generated/sqlite/client';
import { PrismaClient as PgPrismaClient } from '../../../src/db/generated/postgresql/client';
import type { GraphQLContext } from '../../../src/graphql/context';
import { schema } from '../../../src/graphql/schema';
import { Access } from '../../../src/services/access';
import { createBot } from '../../../src/services/bot-saves';
import { createResult, markCompleted, recordAnswer } from '../../../src/services/results';
import { MINIMAL_BOT } from '../../helpers/bots';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A dashboard's one query (stats and a daily series for every bot of a
// workspace) runs a bounded number of SQL statements, whatever the number of
// bots. Statements are counted by Prisma's query log on a client of the same
// throw-away database, executing the real schema in-process.

const DASHBOARD = parse(`query($workspaceId: ID!) { bots(workspaceId: $workspaceId, limit: 100) { bots { id
  analytics(timeFilter: allTime, timeZone: "Europe/Paris") { stats { totalViews totalStarts totalCompleted } series(interval: DAY, timeFilter: last7Days) { views starts completed } } } } }`);

let server: TestServer;
let db: Db;
let statements = 0;

function loggingClient(databaseUrl: string): Db {
  const target = parseDatabaseUrl(databaseUrl);
  const log = [{ emit: 'event' as const, level: 'query' as const }];
  const client =
    target.provider === 'sqlite'
      ? new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.location }), log })
      : (new PgPrismaClient({
          adapter: new PrismaPg({ connectionString: target.location }),
          log,
        }) as unknown as PrismaClient<'query'>);
  client.$on('query', () => {
    statements += 1;
  });
  return client as unknown as Db;
}

beforeAll(async () => {
  server = await startTestServer();
  db = loggingClient(server.databaseUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await server.close();
});

async function workspaceWithBots(email: string, bots: number) {
  const user = await createUserWithToken(server.db, email);
  for (let index = 0; index < bots; index += 1) {
    const bot = await createBot(server.db, user.personalWorkspaceId, { ...MINIMAL_BOT, name: `Bot ${index}` });
    const result = await createResult(server.db, bot.id);
    if (index % 2 === 0) {
      await recordAnswer(server.db, result.id, { blockId: 'b', content: 'x' });
      await markCompleted(server.db, result.id);
    }
  }
  return user;
}

async function runDashboard(user: { userId: string; personalWorkspaceId: string }) {
  const contextValue = {
    db,
    chat: undefined as never,
    uploads: undefined as never,
    signIn: undefined as never,
    liveRecheckMs: 0,
    liveStreams: undefined as never,
    request: {},
    viewer: { userId: user.userId, tokenId: 'test' },
    authFailure: null,
    access: new Access(db, user.userId),
    http: null,
    draftChangesBudget: { bytes: 0 },
  } satisfies GraphQLContext;
  statements = 0;
  const result = await execute({
    schema,
    document: DASHBOARD,
    variableValues: { workspaceId: user.personalWorkspaceId },
    contextValue,
  });
  return { result, statements };
}

it('stats and series for every bot cost the same few statements for 3 bots and for 40', async () => {
  const few = await runDashboard(await workspaceWithBots('few@parley.test', 3));
  expect(few.result.errors).toBeUndefined();
  const bots = (few.result.data as any).bots.bots;
  expect(bots).toHaveLength(3);
  expect(bots.map((bot: any) => bot.analytics.stats).sort((a: any, b: any) => a.totalStarts - b.totalStarts)).toEqual([
    { totalViews: 1, totalStarts: 0, totalCompleted: 0 },
    { totalViews: 1, totalStarts: 1, totalCompleted: 1 },
    { totalViews: 1, totalStarts: 1, totalCompleted: 1 },
  ]);
  expect(bots[0].analytics.series).toHaveLength(7);

  const many = await runDashboard(await workspaceWithBots('many@parley.test', 40));
  expect(many.result.errors).toBeUndefined();
  expect((many.result.data as any).bots.bots).toHaveLength(40);
  // memberships, bot page, one grouped stats statement, one series statement
  expect(few.statements).toBe(4);
  expect(many.statements).toBe(few.statements);
});
