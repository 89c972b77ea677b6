import { openDatabase, type Database } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import { createThrowawayDatabase, onPostgres, type ThrowawayDatabase } from '../../helpers/test-database';

// The chat store's cache of bots by public id (PostgreSQL), without a LISTEN
// connection: only what this process writes through Prisma tells it of a
// change, at once (the database's NOTIFY comes later, and is tested with two
// servers in test/integration/chat/public-bot-cache.int.test.ts).

(onPostgres ? describe : describe.skip)('the public bot cache of one process (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let opened: Database;
  let workspaceId: string;
  let botId: string;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    opened = openDatabase(database.url);
    await migrate(opened.target);
    workspaceId = (await opened.db.workspace.create({ data: { name: 'W' } })).id;
    botId = (
      await opened.db.bot.create({
        data: { workspaceId, name: 'B', version: '6.1', draft: {}, publicId: 'cached-bot', publishedRevision: 1 },
      })
    ).id;
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  /** Changes the row behind the cache's back (another process, without NOTIFY heard). */
  async function elsewhere(sql: string): Promise<void> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(sql, [botId]);
    } finally {
      await client.end();
    }
  }

  test('nothing is kept while changes cannot be heard', async () => {
    opened.publicBots!.listening(false);
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.publishedRevision).toBe(1);
    await elsewhere('UPDATE "Bot" SET "publishedRevision" = 2 WHERE "id" = $1');
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.publishedRevision).toBe(2);
  });

  test('kept while heard; a write of this process through Prisma is seen at once; a change heard clears it', async () => {
    opened.publicBots!.listening(true);
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.publishedRevision).toBe(2);
    // Not heard (no LISTEN here): the cached row stands for it.
    await elsewhere('UPDATE "Bot" SET "publishedRevision" = 3 WHERE "id" = $1');
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.publishedRevision).toBe(2);
    opened.publicBots!.changed();
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.publishedRevision).toBe(3);

    await opened.db.bot.update({ where: { id: botId }, data: { isClosed: true } });
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.isClosed).toBe(true);
    await opened.db.workspace.update({ where: { id: workspaceId }, data: { isSuspended: true } });
    expect((await opened.chatStore.findBotByPublicId('cached-bot'))?.workspace.isSuspended).toBe(true);
    await opened.db.bot.update({ where: { id: botId }, data: { publicId: 'renamed-bot' } });
    expect(await opened.chatStore.findBotByPublicId('cached-bot')).toBeNull();
    expect((await opened.chatStore.findBotByPublicId('renamed-bot'))?.id).toBe(botId);
  });

  test('a read that began before a change does not keep what it read', async () => {
    opened.publicBots!.listening(true);
    const reading = opened.chatStore.findBotByPublicId('renamed-bot');
    opened.publicBots!.changed();
    await reading;
    await elsewhere('UPDATE "Bot" SET "publishedRevision" = 4 WHERE "id" = $1');
    expect((await opened.chatStore.findBotByPublicId('renamed-bot'))?.publishedRevision).toBe(4);
  });
});
