import { Client } from 'pg';
import { group, publishBot, publishDefinition, startChat, textBubble, texts, v6Bot } from '../../helpers/chat';
import { onPostgres } from '../../helpers/test-database';
import { request } from '../../helpers/http';
import { startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';

// On PostgreSQL each process keeps what a chat start reads of a bot by its
// public id, and forgets it when the database says it changed (a trigger's
// NOTIFY, whoever wrote: another process, the CLI, an operator's SQL) or at
// once when this process wrote it. Server A changes things; server B, which
// started chats with them before (so has them cached), must follow.

const greeting = (text: string) => v6Bot({ groups: [group('g1', [textBubble('hi', text)])] });

/** Starts on `server` until `accept` holds (the NOTIFY crosses processes), at most 5 s; answers the last try. */
async function startUntil(
  server: TestServer,
  publicId: string,
  accept: (response: { status: number; body: any }) => boolean,
): Promise<{ status: number; body: any }> {
  const giveUpAt = Date.now() + 5000;
  for (;;) {
    const { status, body } = await startChat(server, publicId);
    if (accept({ status, body }) || Date.now() > giveUpAt) return { status, body };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

(onPostgres ? describe : describe.skip)('the public bot cache (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  let sql: Client;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startPeerServer(a);
    sql = new Client({ connectionString: a.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await b?.close();
    await a?.close();
  });

  test('a new revision, an unpublished bot and a bot published again reach the other process', async () => {
    const { botId, publicId } = await publishDefinition(a, greeting('first'));
    expect(texts((await startChat(b, publicId)).body)).toEqual(['first']);
    expect(texts((await startChat(b, publicId)).body)).toEqual(['first']);

    const saved = await request(a.url, 'PATCH', `/v1/bots/${botId}`, {
      token: a.adminToken,
      json: { bot: greeting('second') },
    });
    expect(saved.status).toBe(200);
    await publishBot(a, botId);
    const second = await startUntil(b, publicId, (response) => texts(response.body)[0] === 'second');
    expect(texts(second.body)).toEqual(['second']);

    expect((await request(a.url, 'POST', `/v1/bots/${botId}/unpublish`, { token: a.adminToken })).status).toBe(200);
    const gone = await startUntil(b, publicId, (response) => response.status === 400);
    expect(gone).toEqual({ status: 400, body: expect.objectContaining({ message: 'Bot not found' }) });
  });

  test('a write made outside any Parley process (a closed bot, a suspended workspace) is heard too', async () => {
    const { botId, publicId } = await publishDefinition(a, greeting('open'));
    expect((await startChat(b, publicId)).status).toBe(200);

    await sql.query('UPDATE "Bot" SET "isClosed" = true WHERE "id" = $1', [botId]);
    const closed = await startUntil(b, publicId, (response) => response.status === 400);
    expect(closed).toEqual({ status: 400, body: expect.objectContaining({ message: 'This bot is now closed' }) });

    await sql.query('UPDATE "Bot" SET "isClosed" = false WHERE "id" = $1', [botId]);
    expect((await startUntil(b, publicId, (response) => response.status === 200)).status).toBe(200);

    await sql.query('UPDATE "Workspace" SET "isSuspended" = true WHERE "id" = $1', [a.adminWorkspaceId]);
    try {
      const suspended = await startUntil(b, publicId, (response) => response.status === 400);
      expect(suspended).toEqual({
        status: 400,
        body: expect.objectContaining({ message: 'This bot is now closed' }),
      });
    } finally {
      await sql.query('UPDATE "Workspace" SET "isSuspended" = false WHERE "id" = $1', [a.adminWorkspaceId]);
    }
    expect((await startUntil(b, publicId, (response) => response.status === 200)).status).toBe(200);
  });

  test('a process reads its own writes at once: a start right after its publish runs the new revision', async () => {
    const { botId, publicId } = await publishDefinition(b, greeting('one'));
    expect(texts((await startChat(b, publicId)).body)).toEqual(['one']);
    for (const text of ['two', 'three', 'four']) {
      const saved = await request(b.url, 'PATCH', `/v1/bots/${botId}`, {
        token: b.adminToken,
        json: { bot: greeting(text) },
      });
      expect(saved.status).toBe(200);
      await publishBot(b, botId);
      // No waiting: the NOTIFY may not have come back yet, the process's own write cleared what it kept.
      expect(texts((await startChat(b, publicId)).body)).toEqual([text]);
    }
  });
});
