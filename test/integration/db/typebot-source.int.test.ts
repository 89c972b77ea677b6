import crypto from 'node:crypto';
import pg from 'pg';
import { LAST_KNOWN_TYPEBOT_MIGRATION, TYPEBOT_MIGRATIONS } from '../../../src/integrations/typebot/known-migrations';
import leadGen from '../../fixtures/bots/lead-gen.json';
import legacyV3 from '../../fixtures/bots/legacy-v3-lead-gen.json';
import { DEFAULT_TEST_POSTGRES_URL, onPostgres } from '../../helpers/test-database';
import {
  createTypebotSource,
  TYPEBOT_SECRET,
  type TypebotSource,
  typebotEncrypt,
  typebotEncryptV1,
} from '../../helpers/typebot-source';
import {
  insertCredentials,
  insertFolder,
  insertMember,
  insertTypebot,
  insertUser,
  insertWorkspace,
  insertWorkspaceInvitation,
} from '../../helpers/typebot-rows';
import { insertResult, seedBulkResults } from '../../helpers/typebot-results';

// The fixture the Typebot importer's tests read from: a Typebot v3.x database
// (test/fixtures/typebot/schema.sql) and the helpers that fill it.

/** Typebot's reading of today's scheme, written from its description: AES-GCM, base64(ciphertext ‖ tag). */
function decryptV2(data: string, iv: string, secret: string): unknown {
  const bytes = Buffer.from(data, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(secret, 'utf8'), Buffer.from(iv, 'hex'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(),
  );
}

/** The first scheme: iv column `${ivHex}.${tagHex}`, data in hex. */
function decryptV1(data: string, ivAndTag: string, secret: string): unknown {
  const [iv, tag] = ivAndTag.split('.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(secret, 'utf8'), Buffer.from(iv!, 'hex'));
  decipher.setAuthTag(Buffer.from(tag!, 'hex'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'hex')), decipher.final()]).toString());
}

async function count(source: TypebotSource, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const result = await source.pool.query(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, params);
  return result.rows[0].n;
}

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: process.env.PARLEY_TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

(onPostgres ? describe : describe.skip)('Typebot source database (importer fixture)', () => {
  let source: TypebotSource;
  beforeAll(async () => {
    source = await createTypebotSource();
  });
  afterAll(() => source?.drop());

  it('holds the schema and records every known migration, in order', async () => {
    expect(TYPEBOT_MIGRATIONS.at(-1)).toBe(LAST_KNOWN_TYPEBOT_MIGRATION);
    expect(new Set(TYPEBOT_MIGRATIONS).size).toBe(TYPEBOT_MIGRATIONS.length);
    const rows = await source.pool.query(
      'SELECT migration_name, finished_at, rolled_back_at, applied_steps_count, length(checksum) AS checksum_length FROM "_prisma_migrations" ORDER BY started_at',
    );
    expect(rows.rows.map((row) => row.migration_name)).toEqual([...TYPEBOT_MIGRATIONS]);
    for (const row of rows.rows) {
      expect(row).toMatchObject({ rolled_back_at: null, applied_steps_count: 1, checksum_length: 64 });
      expect(row.finished_at).toBeInstanceOf(Date);
    }
    const tables = await source.pool.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.rows[0].n).toBe(32); // 31 of Typebot's models and Prisma's ledger
  });

  it('records the migrations it is given instead, none included', async () => {
    const [newer, empty] = await Promise.all([
      createTypebotSource({ migrations: [...TYPEBOT_MIGRATIONS, '20270101000000_from_the_future'] }),
      createTypebotSource({ migrations: [] }),
    ]);
    try {
      const last = await newer.pool.query(
        'SELECT migration_name FROM "_prisma_migrations" ORDER BY started_at DESC LIMIT 1',
      );
      expect(last.rows[0].migration_name).toBe('20270101000000_from_the_future');
      expect(await count(newer, '_prisma_migrations')).toBe(TYPEBOT_MIGRATIONS.length + 1);
      expect(await count(empty, '_prisma_migrations')).toBe(0);
      expect(await count(empty, 'Typebot')).toBe(0);
    } finally {
      await Promise.all([newer.drop(), empty.drop()]);
    }
  });

  it('encrypts credentials as Typebot does, in both schemes', () => {
    const data = { apiKey: 'sk-test-ünïcode', nested: { n: 1 } };
    const v2 = typebotEncrypt(data);
    expect(v2.iv).toMatch(/^[0-9a-f]{24}$/);
    expect(decryptV2(v2.data, v2.iv, TYPEBOT_SECRET)).toEqual(data);
    expect(() => decryptV2(v2.data, v2.iv, 'another-secret-of-32-characters!')).toThrow();

    const v1 = typebotEncryptV1(data);
    expect(v1.iv).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    expect(v1.data).toMatch(/^[0-9a-f]+$/);
    expect(decryptV1(v1.data, v1.iv, TYPEBOT_SECRET)).toEqual(data);
    expect(() => decryptV1(v1.data, v1.iv, 'another-secret-of-32-characters!')).toThrow();

    const other = 'another-secret-of-32-characters!';
    const withOther = typebotEncrypt(data, other);
    expect(decryptV2(withOther.data, withOther.iv, other)).toEqual(data);
    expect(() => decryptV2(withOther.data, withOther.iv, TYPEBOT_SECRET)).toThrow();
  });

  it('stores users, workspaces, credentials, folders, bots and results', async () => {
    const { pool } = source;
    const createdAt = new Date('2024-03-05T06:07:08.123Z');
    const alice = await insertUser(pool, { email: 'alice@example.com', name: 'Alice', createdAt });
    const nobody = await insertUser(pool, { email: null });
    const workspace = await insertWorkspace(pool, { name: 'Acme', plan: 'PRO', customChatsLimit: 5000 });
    await insertMember(pool, { userId: alice, workspaceId: workspace, role: 'ADMIN' });
    await insertMember(pool, { userId: nobody, workspaceId: workspace, role: 'GUEST' });
    await insertWorkspaceInvitation(pool, { workspaceId: workspace, email: 'bob@example.com', type: 'MEMBER' });
    const openAi = await insertCredentials(pool, {
      workspaceId: workspace,
      type: 'openai',
      name: 'My key',
      data: { apiKey: 'sk-1' },
    });
    const smtp = await insertCredentials(pool, {
      workspaceId: workspace,
      type: 'smtp',
      name: 'Old mail',
      data: { host: 'smtp.example.com' },
      scheme: 'v1',
    });
    const parent = await insertFolder(pool, { workspaceId: workspace, name: 'Marketing' });
    const child = await insertFolder(pool, { workspaceId: workspace, name: 'Leads', parentFolderId: parent });

    const draft = await insertTypebot(pool, {
      workspaceId: workspace,
      bot: leadGen,
      folderId: child,
      publicId: 'lead-gen',
      published: true,
    });
    const changed = await insertTypebot(pool, {
      workspaceId: workspace,
      bot: leadGen,
      published: { ...leadGen, groups: leadGen.groups.slice(0, 1) },
      isArchived: true,
    });
    const legacy = await insertTypebot(pool, { workspaceId: workspace, bot: legacyV3 });

    const result = await insertResult(pool, {
      typebotId: draft,
      createdAt,
      variables: [{ id: 'v1', name: 'Name', value: 'Ann' }],
      isCompleted: true,
      answers: [{ blockId: 'b1', groupId: 'g1', content: 'old' }],
      answersV2: [
        { blockId: 'b1', content: 'Ann' },
        { blockId: 'b2', content: 'file', attachedFileUrls: ['https://files.example.com/a.pdf'] },
      ],
      logs: [{ status: 'error', description: 'Webhook failed', details: '{"status":500}' }],
      visitedEdges: ['e1', 'e2', 'e3'],
      setVariableHistory: [
        { variableId: 'v1', blockId: 'b1', value: 'Ann' },
        { variableId: 'v2', blockId: 'b3', blockIndex: 2, value: ['a', 'b'] },
      ],
    });
    await insertResult(pool, { typebotId: legacy });

    expect(await count(source, 'User')).toBe(2);
    expect(await count(source, 'MemberInWorkspace', '"workspaceId" = $1', [workspace])).toBe(2);
    expect(await count(source, 'WorkspaceInvitation')).toBe(1);
    expect(await count(source, 'DashboardFolder', '"parentFolderId" = $1', [parent])).toBe(1);
    expect(await count(source, 'Typebot')).toBe(3);
    expect(await count(source, 'PublicTypebot')).toBe(2);
    expect(await count(source, 'Result')).toBe(2);
    expect(await count(source, 'Answer', '"resultId" = $1', [result])).toBe(1);
    expect(await count(source, 'AnswerV2', '"resultId" = $1', [result])).toBe(2);
    expect(await count(source, 'Log', '"resultId" = $1', [result])).toBe(1);
    expect(await count(source, 'VisitedEdge', '"resultId" = $1', [result])).toBe(3);
    expect(await count(source, 'SetVariableHistoryItem', '"resultId" = $1', [result])).toBe(2);

    // Dates as Prisma writes them: UTC wall-clock time, milliseconds kept.
    const user = await pool.query(
      `SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, "onboardingCategories" FROM "User" WHERE id = $1`,
      [alice],
    );
    expect(user.rows[0]).toEqual({ at: '2024-03-05T06:07:08.123', onboardingCategories: [] });

    const credentials = await pool.query('SELECT id, data, iv FROM "Credentials"');
    const byId = new Map(credentials.rows.map((row) => [row.id, row]));
    expect(decryptV2(byId.get(openAi).data, byId.get(openAi).iv, TYPEBOT_SECRET)).toEqual({ apiKey: 'sk-1' });
    expect(decryptV1(byId.get(smtp).data, byId.get(smtp).iv, TYPEBOT_SECRET)).toEqual({ host: 'smtp.example.com' });

    const bots = await pool.query(
      `SELECT t.id, t.name, t.version, t.groups, t."folderId", t."publicId", t."isArchived",
              p.groups AS "publishedGroups", p.version AS "publishedVersion"
       FROM "Typebot" t LEFT JOIN "PublicTypebot" p ON p."typebotId" = t.id`,
    );
    const bot = new Map(bots.rows.map((row) => [row.id, row]));
    expect(bot.get(draft)).toMatchObject({
      name: leadGen.name,
      version: '6.1',
      folderId: child,
      publicId: 'lead-gen',
      groups: leadGen.groups,
      publishedGroups: leadGen.groups,
      publishedVersion: '6.1',
    });
    expect(bot.get(changed)).toMatchObject({ isArchived: true, publicId: null, groups: leadGen.groups });
    expect(bot.get(changed).publishedGroups).toEqual(leadGen.groups.slice(0, 1));
    expect(bot.get(legacy)).toMatchObject({ version: null, publishedGroups: null, groups: legacyV3.groups });

    const answers = await pool.query('SELECT "blockId", "attachedFileUrls" FROM "AnswerV2" ORDER BY id');
    expect(answers.rows).toEqual([
      { blockId: 'b1', attachedFileUrls: null },
      { blockId: 'b2', attachedFileUrls: ['https://files.example.com/a.pdf'] },
    ]);
    const history = await pool.query(
      'SELECT index, "variableId", value, "blockIndex" FROM "SetVariableHistoryItem" WHERE "resultId" = $1 ORDER BY index',
      [result],
    );
    expect(history.rows).toEqual([
      { index: 0, variableId: 'v1', value: 'Ann', blockIndex: null },
      { index: 1, variableId: 'v2', value: ['a', 'b'], blockIndex: 2 },
    ]);
    const started = await pool.query('SELECT "hasStarted" FROM "Result" WHERE "typebotId" = $1', [legacy]);
    expect(started.rows[0].hasStarted).toBe(false);
  });

  it('seeds results in bulk', async () => {
    const workspace = await insertWorkspace(source.pool, { name: 'Bulk' });
    const typebotId = await insertTypebot(source.pool, { workspaceId: workspace, bot: leadGen, published: true });
    await seedBulkResults(source.pool, { typebotId, count: 2000 });
    await seedBulkResults(source.pool, { typebotId, count: 10, answersPerResult: 1, blockIds: ['x'], groupId: 'g' });

    const of = '"resultId" IN (SELECT id FROM "Result" WHERE "typebotId" = $1)';
    expect(await count(source, 'Result', '"typebotId" = $1', [typebotId])).toBe(2010);
    expect(await count(source, 'AnswerV2', of, [typebotId])).toBe(6010);
    expect(await count(source, 'Answer', of, [typebotId])).toBe(1005);
    expect(await count(source, 'Log', of, [typebotId])).toBe(201);
    expect(await count(source, 'Answer', `${of} AND "blockId" = 'x' AND "groupId" = 'g'`, [typebotId])).toBe(5);
    // Written with the foreign keys unchecked: none dangles.
    for (const table of ['AnswerV2', 'Answer', 'Log'])
      expect(await count(source, table, '"resultId" NOT IN (SELECT id FROM "Result")')).toBe(0);

    // Answers on the bot's input blocks, in their groups; dates over the last year; cuid-like ids.
    const inputs = leadGen.groups.flatMap((group) =>
      group.blocks.filter((block) => block.type.endsWith(' input')).map((block) => `${group.id}/${block.id}`),
    );
    const pairs = await source.pool.query(
      `SELECT DISTINCT "groupId" || '/' || "blockId" AS pair FROM "Answer" WHERE ${of}`,
      [typebotId],
    );
    for (const { pair } of pairs.rows.filter((row) => row.pair !== 'g/x')) expect(inputs).toContain(pair);
    const shape = await source.pool.query(
      `SELECT min("createdAt") AS first, max("createdAt") AS last,
              bool_and(id ~ '^c[0-9a-z]{24}$') AS "cuidLike", count(*) FILTER (WHERE "isCompleted")::int AS completed,
              min(variables::text) AS variables
       FROM "Result" WHERE "typebotId" = $1`,
      [typebotId],
    );
    const { first, last, cuidLike, completed, variables } = shape.rows[0];
    const offset = new Date().getTimezoneOffset() * 60_000; // pg reads a TIMESTAMP as local time
    expect(Date.now() - (first.getTime() - offset)).toBeLessThan(366 * 86_400_000);
    expect(last.getTime() - offset).toBeLessThanOrEqual(Date.now());
    expect(cuidLike).toBe(true);
    expect(completed).toBe(Math.floor(2000 / 3) + Math.floor(10 / 3)); // every third
    expect(JSON.parse(variables)[0]).toMatchObject({ id: leadGen.variables[0]!.id, name: leadGen.variables[0]!.name });
  });

  it('drops its database', async () => {
    const other = await createTypebotSource();
    const name = new URL(other.url).pathname.slice(1);
    expect(await databaseExists(name)).toBe(true);
    await other.drop();
    expect(await databaseExists(name)).toBe(false);
  });
});
