import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../src/db/client';
import { TYPEBOT_MIGRATIONS } from '../../../src/integrations/typebot/known-migrations';
import { group, say, startChat, textInput, v6Bot, type Json } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { smtpInbox, type Inbox } from '../../helpers/smtp-inbox';
import { onPostgres } from '../../helpers/test-database';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { importEnv, MAIN_JS, ROOT, runImport, summaryLine } from '../../helpers/typebot-import';
import { createTypebotSource, TYPEBOT_SECRET, type TypebotSource } from '../../helpers/typebot-source';
import {
  insertCollaborator,
  insertCredentials,
  insertFolder,
  insertMember,
  insertTypebot,
  insertUser,
  insertWorkspace,
  insertWorkspaceInvitation,
} from '../../helpers/typebot-rows';
import { insertResult, seedBulkResults } from '../../helpers/typebot-results';

// `parley import typebot` as a real subprocess (dist/src/main.js) from a
// Typebot database built with Typebot's schema (test/fixtures/typebot/) into
// a running server's database, checked through that server's HTTP API.

jest.setTimeout(120_000);

const readJson = (file: string): Json => JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures', file), 'utf8'));

/** Rows of every table an import writes: what "writes nothing" and "changes nothing" compare. */
async function tableCounts(db: Db) {
  return {
    users: await db.user.count(),
    workspaces: await db.workspace.count(),
    members: await db.memberInWorkspace.count(),
    invitations: await db.invitation.count(),
    credentials: await db.credentials.count(),
    bots: await db.bot.count(),
    snapshots: await db.botSnapshot.count(),
    draftChanges: await db.botDraftChange.count(),
    results: await db.result.count(),
    answers: await db.answer.count(),
    logs: await db.log.count(),
    edges: await db.visitedEdge.count(),
    history: await db.setVariableHistoryItem.count(),
    records: await db.importedRecord.count(),
  };
}

const LEAD_GEN_PUBLIC_ID = 'cloiafj9e00091aqj6o9nfrww-public';

function emailBot(credentialsId: string): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask-mail', 'v-mail'),
        {
          id: 'send',
          type: 'Email',
          options: {
            credentialsId,
            recipients: ['{{Mail}}'],
            subject: 'Imported',
            isCustomBody: true,
            body: 'Hello from Typebot',
          },
        },
        textInput('end'),
      ]),
    ],
    variables: [{ id: 'v-mail', name: 'Mail' }],
  });
}

describe('parley import typebot', () => {
  let server: TestServer;
  let source: TypebotSource;
  let inbox: Inbox;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    inbox = await smtpInbox();
    [server, source] = await Promise.all([startTestServer({ outboundAllow: '127.0.0.1' }), createTypebotSource()]);
    const { pool } = source;
    ids.alice = await insertUser(pool, { email: 'alice@example.com', name: 'Alice' });
    ids.bob = await insertUser(pool, { email: 'Bob@Example.com', name: 'Bob' });
    // The address of the server's admin: that account gains the membership.
    ids.carol = await insertUser(pool, { email: server.adminEmail.toUpperCase(), name: 'Carol' });
    ids.nobody = await insertUser(pool, { email: null, name: 'No address' });
    ids.acme = await insertWorkspace(pool, { name: 'Acme', plan: 'PRO' });
    ids.side = await insertWorkspace(pool, { name: 'Side', plan: 'ENTERPRISE', customChatsLimit: 50_000 });
    await insertMember(pool, { userId: ids.alice, workspaceId: ids.acme, role: 'ADMIN' });
    await insertMember(pool, { userId: ids.bob, workspaceId: ids.acme, role: 'MEMBER' });
    await insertMember(pool, { userId: ids.carol, workspaceId: ids.acme, role: 'GUEST' });
    await insertMember(pool, { userId: ids.alice, workspaceId: ids.side, role: 'ADMIN' });
    await insertWorkspaceInvitation(pool, { workspaceId: ids.acme, email: 'dave@example.com', type: 'MEMBER' });
    ids.smtp = await insertCredentials(pool, {
      workspaceId: ids.acme,
      type: 'smtp',
      name: 'Local mail',
      data: {
        host: '127.0.0.1',
        port: inbox.port,
        username: 'bot',
        password: 'smtp-secret',
        isTlsEnabled: false,
        from: { email: 'typebot@acme.test', name: 'Acme bot' },
      },
    });
    ids.openai = await insertCredentials(pool, {
      workspaceId: ids.acme,
      type: 'openai',
      name: 'OpenAI (first scheme)',
      data: { apiKey: 'sk-test-123' },
      scheme: 'v1',
    });
    ids.sheets = await insertCredentials(pool, {
      workspaceId: ids.acme,
      type: 'google sheets',
      name: 'Sheets',
      data: { refresh_token: 'r' },
    });
    // Saved under another secret (an instance whose secret changed): this one does not decrypt.
    await insertCredentials(pool, {
      workspaceId: ids.acme,
      type: 'anthropic',
      name: 'Older key',
      data: { apiKey: 'sk-ant-1' },
      secret: 'z'.repeat(32),
    });
    ids.marketing = await insertFolder(pool, { workspaceId: ids.acme, name: 'Marketing' });
    ids.leads = await insertFolder(pool, { workspaceId: ids.acme, name: 'Leads', parentFolderId: ids.marketing });
    const leadGen = readJson('bots/lead-gen.json');
    ids.leadGen = await insertTypebot(pool, {
      workspaceId: ids.acme,
      bot: leadGen,
      id: leadGen.id,
      publicId: LEAD_GEN_PUBLIC_ID,
      customDomain: 'chat.acme.test',
      folderId: ids.leads,
      published: true,
      updatedAt: new Date('2026-03-04T05:06:07.089Z'),
    });
    ids.email = await insertTypebot(pool, {
      workspaceId: ids.acme,
      bot: { ...emailBot(ids.smtp), name: 'Mailer' },
      publicId: 'mailer',
      published: true,
    });
    const quiz = readJson('bots/quiz.json');
    // Its draft was edited after its publication: both come along.
    ids.quiz = await insertTypebot(pool, {
      workspaceId: ids.side,
      bot: { ...quiz, name: 'Quiz (draft)' },
      publicId: 'the-quiz',
      published: { ...quiz, groups: quiz.groups },
    });
    ids.legacy = await insertTypebot(pool, { workspaceId: ids.side, bot: readJson('bots/legacy-v3-lead-gen.json') });
    ids.archived = await insertTypebot(pool, {
      workspaceId: ids.side,
      bot: readJson('bots/faq.json'),
      isArchived: true,
    });
    ids.broken = await insertTypebot(pool, {
      workspaceId: ids.side,
      bot: { version: '6', name: 'Broken', groups: 'not a list', events: [], variables: [], edges: [] },
    });
    await insertCollaborator(pool, { userId: ids.bob, typebotId: ids.quiz, type: 'READ' });
    // A bot here already has the quiz's public id: the quiz comes without it.
    const taken = await request(server.url, 'POST', '/v1/bots', {
      token: server.adminToken,
      json: {
        workspaceId: server.adminWorkspaceId,
        bot: { ...readJson('bots/nps.json'), id: undefined, publicId: 'the-quiz' },
      },
    });
    expect(taken.status).toBe(200);
    await insertResult(pool, { typebotId: ids.archived, answersV2: [{ blockId: 'b', content: 'lost' }] });
  });
  afterAll(async () => {
    await server?.close();
    await source?.drop();
    await inbox?.close();
  });

  // Refused before any database is opened: once is enough.
  (onPostgres ? test.skip : test)('options it cannot use are refused with the usage, exit 2', async () => {
    const missing = await runImport(server.databaseUrl, []);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--database is required (Typebot's PostgreSQL URL)");
    expect(missing.stderr).toContain('parley import typebot --database TYPEBOT_POSTGRES_URL');
    const mysql = await runImport(server.databaseUrl, ['--database', 'mysql://root@localhost/typebot']);
    expect([mysql.status, mysql.stderr.trim()]).toEqual([
      2,
      '--database must be a postgresql:// URL: Typebot keeps its data in PostgreSQL',
    ]);
    const secret = await runImport(server.databaseUrl, ['--database', source.url, '--encryption-secret', 'short']);
    expect([secret.status, secret.stderr.trim()]).toEqual([
      2,
      '--encryption-secret must be 32 bytes, as Typebot requires of ENCRYPTION_SECRET (got 5)',
    ]);
    const unknown = await runImport(server.databaseUrl, ['--database', source.url, '--force']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--force'");
  });

  test('a database that is not Typebot’s, or of a version it does not know, is refused in words', async () => {
    const before = await tableCounts(server.db);
    const admin = process.env.PARLEY_TEST_POSTGRES_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
    const notTypebot = await runImport(server.databaseUrl, ['--database', admin]);
    expect(notTypebot.status).toBe(1);
    expect(notTypebot.stderr).toContain('is not a Typebot database: it has no "Typebot" table');
    expect(notTypebot.stderr).not.toContain('password');
    const future = await createTypebotSource({ migrations: [...TYPEBOT_MIGRATIONS, '20271231000000_from_the_future'] });
    try {
      const run = await runImport(server.databaseUrl, ['--database', future.url]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('20271231000000_from_the_future');
      expect(run.stderr).toContain('newer than the last version known');
    } finally {
      await future.drop();
    }
    // A v2 instance never migrated to v3 lacks what v3 added.
    const older = await createTypebotSource({ migrations: TYPEBOT_MIGRATIONS.slice(0, 60) });
    try {
      await older.pool.query('ALTER TABLE "Typebot" DROP COLUMN "whatsAppCredentialsId"');
      const run = await runImport(server.databaseUrl, ['--database', older.url]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('is a Typebot database older than v3 (missing "Typebot"."whatsAppCredentialsId")');
      expect(run.stderr).toContain('upgrade that Typebot to v3 and let it migrate its database, then import');
    } finally {
      await older.drop();
    }
    expect(await tableCounts(server.db)).toEqual(before);
  });

  test('a wrong secret is an error before anything is written', async () => {
    const before = await tableCounts(server.db);
    const run = await runImport(server.databaseUrl, ['--database', source.url, '--encryption-secret', 'x'.repeat(32)]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('opens none of the 4 credentials');
    expect(await tableCounts(server.db)).toEqual(before);
  });

  test('--dry-run reads everything, writes nothing and says what it would do', async () => {
    const before = await tableCounts(server.db);
    const run = await runImport(server.databaseUrl, [
      '--database',
      source.url,
      '--encryption-secret',
      TYPEBOT_SECRET,
      '--dry-run',
    ]);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain('Dry run: nothing was written');
    expect(summaryLine(run.stdout, 'Bots')).toBe('Bots 4 to import, 2 skipped');
    expect(run.stdout).toContain('its definition does not parse');
    expect(await tableCounts(server.db)).toEqual(before);
  });

  test('the import brings people, credentials, bots and results; a second run changes nothing', async () => {
    const before = await tableCounts(server.db);
    const run = await runImport(server.databaseUrl, ['--database', source.url, '--encryption-secret', TYPEBOT_SECRET]);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(summaryLine(run.stdout, 'Users')).toBe('Users 2 imported, 1 already here, 1 skipped');
    expect(summaryLine(run.stdout, 'Workspaces')).toBe('Workspaces 2 imported');
    expect(summaryLine(run.stdout, 'Members')).toBe('Members 4 imported');
    expect(summaryLine(run.stdout, 'Invitations')).toBe('Invitations 1 imported');
    expect(summaryLine(run.stdout, 'Credentials')).toBe('Credentials 2 imported, 2 skipped');
    expect(run.stdout).toMatch(
      /Credentials skipped \(1\): it does not decrypt with the given secret \(.+\)\. E\.g\. anthropic "Older key"/,
    );
    expect(summaryLine(run.stdout, 'Bots')).toBe('Bots 4 imported, 2 skipped');
    expect(summaryLine(run.stdout, 'Results')).toBe('Results 0 imported, 1 skipped');
    expect(run.stdout).toContain('Parley has no Google Sheets integration');
    expect(run.stdout).toContain('parley users set-password');
    expect(run.stdout).toContain('its public id the-quiz is another bot’s here: imported without it');
    expect(run.stdout).toContain(`Typebot shared it with people outside its workspace, which Parley does not do`);
    expect(await server.db.bot.findUniqueOrThrow({ where: { id: ids.quiz }, select: { publicId: true } })).toEqual({
      publicId: null,
    });

    const after = await tableCounts(server.db);
    expect(after.users - before.users).toBe(2);
    expect(after.workspaces - before.workspaces).toBe(2);
    expect(after.bots - before.bots).toBe(4);
    const admin = await server.db.user.findUniqueOrThrow({ where: { email: server.adminEmail } });
    expect(
      await server.db.memberInWorkspace.findUnique({
        where: { userId_workspaceId: { userId: admin.id, workspaceId: ids.acme! } },
        select: { role: true },
      }),
    ).toEqual({ role: 'GUEST' });
    expect(
      await server.db.workspace.findUnique({ where: { id: ids.side }, select: { plan: true, customChatsLimit: true } }),
    ).toEqual({
      plan: 'CUSTOM',
      customChatsLimit: 50_000,
    });
    const bot = await server.db.bot.findUniqueOrThrow({ where: { id: ids.leadGen } });
    expect(bot).toMatchObject({
      name: 'Marketing / Leads / Lead Generation',
      customDomain: 'chat.acme.test',
      publicId: LEAD_GEN_PUBLIC_ID,
      publishedRevision: 1,
    });
    expect(bot.publishedAt?.toISOString()).toBe('2026-03-04T05:06:07.089Z');

    const again = await runImport(server.databaseUrl, [
      '--database',
      source.url,
      '--encryption-secret',
      TYPEBOT_SECRET,
    ]);
    expect(again.status).toBe(0);
    expect(summaryLine(again.stdout, 'Bots')).toBe('Bots 0 imported, 4 already here, 2 skipped');
    expect(summaryLine(again.stdout, 'Credentials')).toBe('Credentials 0 imported, 2 already here, 2 skipped');
    expect(await tableCounts(server.db)).toEqual(after);
  });

  test('a published bot answers on its old publicId as the reference did', async () => {
    const recording = readJson('conversations/lead-gen-with-retries.json');
    let sessionId = '';
    for (const [index, step] of (recording.steps as Json[]).entries()) {
      const isStart = step.request.call.endsWith('/startChat');
      const url = isStart ? `/v1/bots/${LEAD_GEN_PUBLIC_ID}/startChat` : `/v1/sessions/${sessionId}/continueChat`;
      const response = await request(server.url, 'POST', url, { json: step.request.body });
      const expected = structuredClone(step.response.body);
      if (isStart) {
        sessionId = response.body.sessionId;
        expected.sessionId = sessionId;
        expected.resultId = response.body.resultId;
        // Published in Typebot at that time: the import keeps it.
        expected.bot.publishedAt = '2026-03-04T05:06:07.089Z';
      }
      expect({ step: index, status: response.status, body: response.body }).toEqual({
        step: index,
        status: step.response.status,
        body: expected,
      });
    }
  });

  test('imported SMTP credentials send a mail through the local SMTP server', async () => {
    const started = await startChat(server, 'mailer');
    expect(started.status).toBe(200);
    const answered = await say(server, started.body.sessionId, 'visitor@example.com');
    expect(answered.status).toBe(200);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.subject).toBe('Imported');
    expect(inbox.messages[0]!.from?.value[0]).toEqual({ address: 'typebot@acme.test', name: 'Acme bot' });
    expect(inbox.messages[0]!.to).toMatchObject({ value: [{ address: 'visitor@example.com' }] });
  });
});

describe('parley import typebot, again later', () => {
  let server: TestServer;
  let source: TypebotSource;
  let workspaceId: string;
  const leadGen = readJson('bots/lead-gen.json');
  const recording = readJson('conversations/lead-gen-with-retries.json');
  const importAgain = async () => {
    const run = await runImport(server.databaseUrl, ['--database', source.url]);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    return run.stdout;
  };

  beforeAll(async () => {
    [server, source] = await Promise.all([startTestServer(), createTypebotSource()]);
    const userId = await insertUser(source.pool, { email: server.adminEmail, name: 'Admin' });
    workspaceId = await insertWorkspace(source.pool, { name: 'Acme' });
    await insertMember(source.pool, { userId, workspaceId, role: 'ADMIN' });
    await insertTypebot(source.pool, {
      workspaceId,
      bot: leadGen,
      id: leadGen.id,
      publicId: LEAD_GEN_PUBLIC_ID,
      published: true,
    });
    await importAgain();
  });
  afterAll(async () => {
    await server?.close();
    await source?.drop();
  });

  /** The recorded conversation, chatted here: a result made by Parley's own runtime. */
  async function chatHere(): Promise<string> {
    let sessionId = '';
    let resultId = '';
    for (const step of recording.steps as Json[]) {
      const isStart = step.request.call.endsWith('/startChat');
      const url = isStart ? `/v1/bots/${LEAD_GEN_PUBLIC_ID}/startChat` : `/v1/sessions/${sessionId}/continueChat`;
      const response = await request(server.url, 'POST', url, { json: step.request.body });
      expect(response.status).toBe(200);
      if (isStart) [sessionId, resultId] = [response.body.sessionId, response.body.resultId];
    }
    return resultId;
  }

  const get = (url: string) => request(server.url, 'GET', url, { token: server.adminToken });
  let typebotResult = '';

  test('an imported result reads like the same conversation had here: answers and transcript', async () => {
    const native = await chatHere();
    const rows = await server.db.result.findUniqueOrThrow({
      where: { id: native },
      include: {
        answers: { orderBy: { id: 'asc' } },
        visitedEdges: { orderBy: { index: 'asc' } },
        setVariableHistory: { orderBy: { index: 'asc' } },
      },
    });
    // The same conversation as Typebot stored it: its first answer in the first answers table, the others in AnswerV2.
    const [first, ...others] = rows.answers;
    typebotResult = await insertResult(source.pool, {
      typebotId: leadGen.id,
      createdAt: rows.createdAt,
      variables: rows.variables as unknown[],
      isCompleted: rows.isCompleted,
      answers: [
        { blockId: first!.blockId, groupId: first!.groupId!, content: first!.content, createdAt: first!.createdAt },
      ],
      answersV2: others.map((answer) => ({
        blockId: answer.blockId,
        content: answer.content,
        createdAt: answer.createdAt,
      })),
      logs: [{ status: 'error', description: 'Webhook failed', details: '{"status":500}' }],
      visitedEdges: rows.visitedEdges.map((visited) => visited.edgeId),
      setVariableHistory: rows.setVariableHistory.map((item) => ({
        variableId: item.variableId,
        blockId: item.blockId,
        blockIndex: item.blockIndex,
        value: item.value,
      })),
    });
    const stdout = await importAgain();
    expect(summaryLine(stdout, 'Results')).toBe('Results 1 imported');
    expect(summaryLine(stdout, 'Bots')).toBe('Bots 0 imported, 1 already here');

    const base = `/v1/bots/${leadGen.id}/results`;
    const [importedTranscript, nativeTranscript] = await Promise.all([
      get(`${base}/${typebotResult}/transcript`),
      get(`${base}/${native}/transcript`),
    ]);
    expect(importedTranscript.status).toBe(200);
    // Typebot keeps no rejected replies: the native transcript's, and the retry message each got, are all it lacks.
    const lines = nativeTranscript.body.transcript as Json[];
    const withoutRejected = lines.filter(
      (line, index) =>
        !line.rejected &&
        !(lines[index - 1]?.rejected && line.role === 'bot' && line.blockId === lines[index - 1]!.blockId),
    );
    expect(withoutRejected.length).toBe(lines.length - 6);
    expect(importedTranscript.body).toEqual({ ...nativeTranscript.body, transcript: withoutRejected });
    const [imported, here] = await Promise.all([get(`${base}/${typebotResult}`), get(`${base}/${native}`)]);
    const comparable = (body: Json) => {
      const { id: _id, lastChatSessionId: _session, updatedAt: _updated, ...rest } = body.result;
      return rest;
    };
    expect(comparable(imported.body)).toEqual(comparable(here.body));
    const logs = await get(`${base}/${typebotResult}/logs`);
    expect(logs.body.logs).toMatchObject([
      { status: 'error', description: 'Webhook failed', details: '{"status":500}' },
    ]);
  });

  test('a chat that went on, a new result and a bot edited in Typebot since come along, nothing twice', async () => {
    const answersBefore = await server.db.answer.count({ where: { resultId: typebotResult } });
    await source.pool.query(
      `INSERT INTO "AnswerV2" ("resultId", "blockId", content, "createdAt") VALUES ($1, 'late-block', 'One more thing', now())`,
      [typebotResult],
    );
    const fresh = await insertResult(source.pool, {
      typebotId: leadGen.id,
      answersV2: [{ blockId: 'sqEsMo747LTDnY9FjQcEwUv', content: 'Jane' }],
    });
    await source.pool.query(`UPDATE "Typebot" SET name = 'Lead Generation v2', "updatedAt" = now() WHERE id = $1`, [
      leadGen.id,
    ]);
    const before = await server.db.bot.findUniqueOrThrow({ where: { id: leadGen.id } });
    const stdout = await importAgain();
    expect(summaryLine(stdout, 'Results')).toBe('Results 1 imported, 1 updated');
    expect(summaryLine(stdout, 'Bots')).toBe('Bots 0 imported, 1 updated');
    expect(await server.db.answer.count({ where: { resultId: typebotResult } })).toBe(answersBefore + 1);
    expect(
      await server.db.answer.findMany({ where: { resultId: fresh }, select: { content: true, groupId: true } }),
    ).toEqual([{ content: 'Jane', groupId: 'q5dAhqSTCaNdiGSJm9B9Rw' }]);
    const after = await server.db.bot.findUniqueOrThrow({ where: { id: leadGen.id } });
    expect({ name: after.name, draftVersion: after.draftVersion }).toEqual({
      name: 'Lead Generation v2',
      draftVersion: before.draftVersion + 1,
    });
    // The publication did not change in Typebot: still the revision imported first.
    expect(after.publishedRevision).toBe(before.publishedRevision);

    const counts = await tableCounts(server.db);
    const again = await importAgain();
    expect(summaryLine(again, 'Results')).toBe('Results 0 imported, 2 already here');
    expect(await tableCounts(server.db)).toEqual(counts);
  });

  test('a bot edited here since keeps its draft here: Typebot’s later edits are said, not applied', async () => {
    const renamed = await request(server.url, 'PATCH', `/v1/bots/${leadGen.id}`, {
      token: server.adminToken,
      json: { bot: { name: 'Renamed here' } },
    });
    expect(renamed.status).toBe(200);
    await source.pool.query(`UPDATE "Typebot" SET name = 'Lead Generation v3', "updatedAt" = now() WHERE id = $1`, [
      leadGen.id,
    ]);
    const stdout = await importAgain();
    expect(summaryLine(stdout, 'Bots')).toBe('Bots 0 imported, 1 already here');
    expect(stdout).toContain('Bots with a note (1): it was edited here since the last import');
    expect(await server.db.bot.findUniqueOrThrow({ where: { id: leadGen.id }, select: { name: true } })).toEqual({
      name: 'Renamed here',
    });
  });

  test('an import stopped in the middle leaves whole results, and the next run finishes it', async () => {
    await seedBulkResults(source.pool, { typebotId: leadGen.id, count: 30_000 });
    const total = Number((await source.pool.query('SELECT count(*) AS n FROM "Result"')).rows[0].n);
    const child = spawn(process.execPath, [MAIN_JS, 'import', 'typebot', '--database', source.url], {
      cwd: ROOT,
      env: importEnv(server.databaseUrl),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const initial = await server.db.result.count();
    let seen = initial;
    while (child.exitCode === null && seen === initial) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await server.db.result.count();
    }
    child.kill('SIGKILL');
    await exited;
    const here = await server.db.result.findMany({ where: { botId: leadGen.id }, select: { id: true } });
    expect(here.length).toBeLessThan(total);
    // Every result here has all of its answers: none was cut in two.
    const ids = here.map((result) => result.id);
    const expected = await source.pool.query<{ id: string; n: string }>(
      `SELECT r.id, (SELECT count(*) FROM "Answer" a WHERE a."resultId" = r.id) + (SELECT count(*) FROM "AnswerV2" a WHERE a."resultId" = r.id) AS n
         FROM "Result" r WHERE r.id = ANY($1)`,
      [ids],
    );
    const answered = await server.db.answer.groupBy({
      by: ['resultId'],
      where: { resultId: { in: ids } },
      _count: { _all: true },
    });
    const hereCounts = new Map(answered.map((row) => [row.resultId, row._count._all]));
    expect(expected.rows.filter((row) => Number(row.n) !== (hereCounts.get(row.id) ?? 0))).toEqual([]);

    const stdout = await importAgain();
    // One result here is Parley's own (chatHere), not Typebot's.
    expect(summaryLine(stdout, 'Results')).toBe(
      `Results ${total - here.length + 1} imported, ${here.length - 1} already here`,
    );
    expect(await server.db.result.count({ where: { botId: leadGen.id } })).toBe(total + 1);
  });
});
