/**
 * A Typebot v3.x PostgreSQL database for the importer's tests and benchmark
 * (`parley import typebot --database <url>`): Typebot's final schema
 * (test/fixtures/typebot/schema.sql, checked against Typebot's migrations by
 * scripts/check-typebot-schema.cjs), the `_prisma_migrations` rows Prisma
 * would have recorded, and helpers that write rows as Typebot writes them.
 *
 * Timestamps are written as Prisma writes them: the UTC wall-clock time in a
 * `TIMESTAMP(3)` (without time zone) column. JSON columns hold what Typebot's
 * Prisma client stores (the export's objects, unchanged).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { TYPEBOT_MIGRATIONS } from '../../src/integrations/typebot/known-migrations';
import { projectRoot } from '../../src/project-root';
import { createPostgresDatabase, templateDatabase } from './test-database';

/** A 32-character ENCRYPTION_SECRET, as a Typebot instance has one (AES-256: 32 bytes of key). */
export const TYPEBOT_SECRET = 'parley-tests-typebot-secret-0032';

// From the checkout's root: benches run this module from dist/, where no fixture is.
export const TYPEBOT_SCHEMA_FILE = path.join(projectRoot(), 'test/fixtures/typebot/schema.sql');

export interface TypebotSource {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** Whatever runs a query: the source's pool, or one of its clients (inside a transaction). */
export type TypebotDb = pg.Pool | pg.PoolClient | pg.Client;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A cuid-like id, as Prisma's `@default(cuid())` makes them: `c` and 24 lowercase letters and digits. */
export function cuid(): string {
  let id = 'c';
  for (const byte of crypto.randomBytes(24)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** What a `TIMESTAMP(3)` column receives for a Date: its UTC time (the zone of an ISO string is ignored there). */
function ts(date: Date | undefined): string {
  return (date ?? new Date()).toISOString();
}

/** A JSONB parameter: pg would turn an array into a PostgreSQL array literal. */
function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** A database holding schema.sql, made once per version of the file (its name carries a digest of it). */
function schemaTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const schema = fs.readFileSync(TYPEBOT_SCHEMA_FILE, 'utf8');
  return templateDatabase(admin, adminUrl, {
    prefix: 'parley_test_typebot_tpl_',
    digest: crypto.createHash('sha256').update(schema).digest('hex').slice(0, 16),
    build: async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(schema);
      } finally {
        await client.end();
      }
    },
  });
}

/**
 * A new PostgreSQL database holding Typebot's final schema and the
 * `_prisma_migrations` rows of every known migration (or of `migrations` when
 * given: e.g. a list ending with an unknown name, or an empty list). The rows
 * are those of a successful `prisma migrate deploy`: finished, one step each,
 * started a minute apart in order. Their checksum is a stand-in (the SHA-256
 * of the name; Prisma's is that of the migration file, which the importer
 * does not read).
 */
export async function createTypebotSource(
  options: { migrations?: readonly string[]; adminUrl?: string } = {},
): Promise<TypebotSource> {
  const database = await createPostgresDatabase('parley_test_typebot_', {
    adminUrl: options.adminUrl,
    template: schemaTemplate,
  });
  const { url } = database;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let ended = false;
  const drop = async () => {
    if (!ended) {
      ended = true;
      await pool.end();
    }
    await database.drop();
  };
  try {
    const migrations = options.migrations ?? TYPEBOT_MIGRATIONS;
    const start = Date.now() - migrations.length * 60_000;
    await pool.query(
      `INSERT INTO "_prisma_migrations"
         ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")
       SELECT m.id, m.checksum, m.started_at + interval '1 second', m.name, m.started_at, 1
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS m(id, checksum, name, started_at)`,
      [
        migrations.map(() => crypto.randomUUID()),
        migrations.map((migration) => crypto.createHash('sha256').update(migration).digest('hex')),
        migrations,
        migrations.map((_, i) => new Date(start + i * 60_000).toISOString()),
      ],
    );
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, pool, drop };
}

/**
 * One row into a table: the defined fields only (the column defaults fill the
 * rest), as a parameterised INSERT. JSONB values must be given as
 * `JSON.stringify`'d text. Returns the inserted row.
 */
export async function insertRow(
  db: TypebotDb,
  table: string,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
  const result = await db.query(
    `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    columns.map((column) => row[column]),
  );
  return result.rows[0] as Record<string, unknown>;
}

function keyOf(secret: string): { key: Buffer; algorithm: crypto.CipherGCMTypes } {
  // WebCrypto's AES-GCM takes the secret's bytes as they are: 16, 24 or 32 of them.
  const key = Buffer.from(secret, 'utf8');
  if (![16, 24, 32].includes(key.length)) throw new Error(`an AES key is 16, 24 or 32 bytes, not ${key.length}`);
  return { key, algorithm: `aes-${key.length * 8}-gcm` as crypto.CipherGCMTypes };
}

/**
 * Typebot's current credentials encryption (its packages/credentials
 * encrypt.ts behaviour): AES-GCM keyed by the secret's UTF-8 bytes (AES-256
 * for a 32-character secret), a random 12-byte IV stored as 24 hex
 * characters, data = base64(ciphertext ‖ 16-byte tag) of the JSON.
 */
export function typebotEncrypt(data: object, secret: string = TYPEBOT_SECRET): { data: string; iv: string } {
  const { key, algorithm } = keyOf(secret);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv(algorithm, key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { data: encrypted.toString('base64'), iv: iv.toString('hex') };
}

/**
 * Typebot's first scheme (decryptV1.ts reads it): a 16-byte IV, the iv column
 * `${ivHex}.${tagHex}` (65 characters, which is how Typebot tells the schemes
 * apart: not 24), data = the ciphertext in hex, same key.
 */
export function typebotEncryptV1(data: object, secret: string = TYPEBOT_SECRET): { data: string; iv: string } {
  const { key, algorithm } = keyOf(secret);
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv(algorithm, key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return { data: encrypted.toString('hex'), iv: `${iv.toString('hex')}.${cipher.getAuthTag().toString('hex')}` };
}

export async function insertUser(
  db: TypebotDb,
  u: {
    id?: string;
    email: string | null;
    name?: string;
    image?: string;
    createdAt?: Date;
    emailVerified?: Date;
    company?: string;
    onboardingCategories?: string[];
  },
): Promise<string> {
  const id = u.id ?? cuid();
  const at = ts(u.createdAt);
  await insertRow(db, 'User', {
    id,
    email: u.email,
    name: u.name,
    image: u.image,
    emailVerified: u.emailVerified && ts(u.emailVerified),
    company: u.company,
    onboardingCategories: json(u.onboardingCategories ?? []),
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  });
  return id;
}

export async function insertWorkspace(
  db: TypebotDb,
  w: {
    id?: string;
    name: string;
    icon?: string;
    plan?: string;
    stripeId?: string;
    customChatsLimit?: number;
    customStorageLimit?: number;
    customSeatsLimit?: number;
    chatsHardLimit?: number;
    isQuarantined?: boolean;
    isSuspended?: boolean;
    isPastDue?: boolean;
    isVerified?: boolean;
    settings?: object;
    createdAt?: Date;
  },
): Promise<string> {
  const id = w.id ?? cuid();
  const at = ts(w.createdAt);
  await insertRow(db, 'Workspace', {
    id,
    name: w.name,
    icon: w.icon,
    plan: w.plan,
    stripeId: w.stripeId,
    customChatsLimit: w.customChatsLimit,
    customStorageLimit: w.customStorageLimit,
    customSeatsLimit: w.customSeatsLimit,
    chatsHardLimit: w.chatsHardLimit,
    isQuarantined: w.isQuarantined,
    isSuspended: w.isSuspended,
    isPastDue: w.isPastDue,
    isVerified: w.isVerified,
    settings: json(w.settings),
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

export type TypebotWorkspaceRole = 'ADMIN' | 'MEMBER' | 'GUEST';

export async function insertMember(
  db: TypebotDb,
  m: { userId: string; workspaceId: string; role: TypebotWorkspaceRole; createdAt?: Date },
): Promise<void> {
  const at = ts(m.createdAt);
  await insertRow(db, 'MemberInWorkspace', {
    userId: m.userId,
    workspaceId: m.workspaceId,
    role: m.role,
    createdAt: at,
    updatedAt: at,
  });
}

export async function insertWorkspaceInvitation(
  db: TypebotDb,
  i: { id?: string; workspaceId: string; email: string; type: TypebotWorkspaceRole; createdAt?: Date },
): Promise<string> {
  const id = i.id ?? cuid();
  const at = ts(i.createdAt);
  await insertRow(db, 'WorkspaceInvitation', {
    id,
    workspaceId: i.workspaceId,
    email: i.email,
    type: i.type,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** Workspace credentials, their `data` encrypted by the scheme asked (v2, today's, by default). */
export async function insertCredentials(
  db: TypebotDb,
  c: {
    id?: string;
    workspaceId: string;
    type: string;
    name: string;
    data: object;
    secret?: string;
    scheme?: 'v1' | 'v2';
    createdAt?: Date;
  },
): Promise<string> {
  const id = c.id ?? cuid();
  const encrypted = (c.scheme === 'v1' ? typebotEncryptV1 : typebotEncrypt)(c.data, c.secret);
  await insertRow(db, 'Credentials', {
    id,
    workspaceId: c.workspaceId,
    type: c.type,
    name: c.name,
    data: encrypted.data,
    iv: encrypted.iv,
    createdAt: ts(c.createdAt),
  });
  return id;
}

/** A user's own credentials (UserCredentials), encrypted the same way. */
export async function insertUserCredentials(
  db: TypebotDb,
  c: { id?: string; userId: string; type: string; name: string; data: object; secret?: string; scheme?: 'v1' | 'v2' },
): Promise<string> {
  const id = c.id ?? cuid();
  const encrypted = (c.scheme === 'v1' ? typebotEncryptV1 : typebotEncrypt)(c.data, c.secret);
  await insertRow(db, 'UserCredentials', {
    id,
    userId: c.userId,
    type: c.type,
    name: c.name,
    data: encrypted.data,
    iv: encrypted.iv,
    createdAt: ts(undefined),
  });
  return id;
}

export async function insertApiToken(
  db: TypebotDb,
  t: { id?: string; ownerId: string; name: string; token?: string },
): Promise<string> {
  const id = t.id ?? cuid();
  await insertRow(db, 'ApiToken', {
    id,
    ownerId: t.ownerId,
    name: t.name,
    token: t.token ?? crypto.randomBytes(18).toString('base64url'),
    createdAt: ts(undefined),
  });
  return id;
}

export async function insertFolder(
  db: TypebotDb,
  f: { id?: string; workspaceId: string; name: string; parentFolderId?: string; createdAt?: Date },
): Promise<string> {
  const id = f.id ?? cuid();
  const at = ts(f.createdAt);
  await insertRow(db, 'DashboardFolder', {
    id,
    workspaceId: f.workspaceId,
    name: f.name,
    parentFolderId: f.parentFolderId,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

type BotContent = Record<string, unknown>;

/** The content columns a Typebot and a PublicTypebot share, from an export object. */
function contentColumns(bot: BotContent) {
  return {
    version: bot.version === undefined || bot.version === null ? null : String(bot.version),
    groups: json(bot.groups ?? []),
    events: json(bot.events),
    variables: json(bot.variables ?? []),
    edges: json(bot.edges ?? []),
    theme: json(bot.theme ?? {}),
    settings: json(bot.settings ?? {}),
  };
}

/**
 * A bot from a Typebot export object (as in test/fixtures/bots/*.json: {version,
 * groups, events, variables, edges, theme, settings, name, icon, ...}). The
 * export's own ids of things in another database (id, workspaceId, folderId,
 * publicId, customDomain) are not used: the bot gets a new id unless `id` is
 * given, and no publicId or customDomain unless given. `published` true copies
 * the same content into PublicTypebot; an object publishes that content
 * instead (each field it lacks taken from the bot).
 */
export async function insertTypebot(
  db: TypebotDb,
  t: {
    workspaceId: string;
    bot: BotContent;
    id?: string;
    name?: string;
    publicId?: string | null;
    customDomain?: string | null;
    folderId?: string;
    published?: boolean | BotContent;
    whatsAppCredentialsId?: string;
    isArchived?: boolean;
    isClosed?: boolean;
    createdAt?: Date;
    updatedAt?: Date;
  },
): Promise<string> {
  const id = t.id ?? cuid();
  const { bot } = t;
  const createdAt = ts(t.createdAt);
  const updatedAt = t.updatedAt ? ts(t.updatedAt) : createdAt;
  await insertRow(db, 'Typebot', {
    id,
    workspaceId: t.workspaceId,
    name: t.name ?? (typeof bot.name === 'string' ? bot.name : 'My typebot'),
    icon: typeof bot.icon === 'string' ? bot.icon : undefined,
    ...contentColumns(bot),
    selectedThemeTemplateId: typeof bot.selectedThemeTemplateId === 'string' ? bot.selectedThemeTemplateId : undefined,
    resultsTablePreferences: json(bot.resultsTablePreferences),
    riskLevel: typeof bot.riskLevel === 'number' ? bot.riskLevel : undefined,
    publicId: t.publicId ?? null,
    customDomain: t.customDomain ?? null,
    folderId: t.folderId,
    whatsAppCredentialsId: t.whatsAppCredentialsId,
    isArchived: t.isArchived ?? false,
    isClosed: t.isClosed ?? false,
    createdAt,
    updatedAt,
  });
  if (t.published) {
    const content = t.published === true ? bot : { ...bot, ...t.published };
    await insertRow(db, 'PublicTypebot', {
      id: cuid(),
      typebotId: id,
      ...contentColumns(content),
      createdAt: updatedAt,
      updatedAt,
    });
  }
  return id;
}

/** A collaborator on one bot (CollaboratorsOnTypebots). */
export async function insertCollaborator(
  db: TypebotDb,
  c: { userId: string; typebotId: string; type: 'READ' | 'WRITE' | 'FULL_ACCESS' },
): Promise<void> {
  const at = ts(undefined);
  await insertRow(db, 'CollaboratorsOnTypebots', { ...c, createdAt: at, updatedAt: at });
}

export interface TypebotResultInput {
  typebotId: string;
  id?: string;
  createdAt?: Date;
  variables?: unknown[];
  isCompleted?: boolean;
  /** Default: whether any answer is given. */
  hasStarted?: boolean | null;
  isArchived?: boolean;
  lastChatSessionId?: string;
  /** The old "Answer" table: no id, one per (block, group). */
  answers?: { blockId: string; groupId: string; variableId?: string; content: string; createdAt?: Date }[];
  /** "AnswerV2", where Typebot writes answers today. */
  answersV2?: { blockId: string; content: string; attachedFileUrls?: string[]; createdAt?: Date }[];
  logs?: { status: string; description: string; details?: string; context?: string; createdAt?: Date }[];
  /** Edge ids in the order the conversation took them. */
  visitedEdges?: string[];
  /** In the order they were set. */
  setVariableHistory?: { variableId: string; blockId: string; blockIndex?: number; value: unknown }[];
}

/** A result and its rows in the tables that hang off it; each child's date defaults to the result's. */
export async function insertResult(db: TypebotDb, r: TypebotResultInput): Promise<string> {
  const id = r.id ?? cuid();
  const createdAt = ts(r.createdAt);
  const answered = (r.answers?.length ?? 0) + (r.answersV2?.length ?? 0) > 0;
  await insertRow(db, 'Result', {
    id,
    typebotId: r.typebotId,
    createdAt,
    variables: json(r.variables ?? []),
    isCompleted: r.isCompleted ?? false,
    hasStarted: r.hasStarted === undefined ? answered : r.hasStarted,
    isArchived: r.isArchived ?? false,
    lastChatSessionId: r.lastChatSessionId,
  });
  const at = (date: Date | undefined) => (date ? ts(date) : createdAt);

  // One statement per table, the rows given as a JSON array, inserted in its order.
  const rows = 'jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n)';
  if (r.answers?.length)
    await db.query(
      `INSERT INTO "Answer" ("createdAt", "resultId", "groupId", "blockId", "content", "variableId")
       SELECT (e.v->>'createdAt')::timestamp(3), $1, e.v->>'groupId', e.v->>'blockId', e.v->>'content', e.v->>'variableId'
       FROM ${rows} ORDER BY e.n`,
      [id, JSON.stringify(r.answers.map((a) => ({ ...a, createdAt: at(a.createdAt) })))],
    );
  if (r.answersV2?.length)
    await db.query(
      `INSERT INTO "AnswerV2" ("blockId", "content", "resultId", "createdAt", "attachedFileUrls")
       SELECT e.v->>'blockId', e.v->>'content', $1, (e.v->>'createdAt')::timestamp(3), e.v->'attachedFileUrls'
       FROM ${rows} ORDER BY e.n`,
      [id, JSON.stringify(r.answersV2.map((a) => ({ ...a, createdAt: at(a.createdAt) })))],
    );
  if (r.logs?.length)
    await db.query(
      `INSERT INTO "Log" ("id", "createdAt", "resultId", "status", "description", "details", "context")
       SELECT e.v->>'id', (e.v->>'createdAt')::timestamp(3), $1, e.v->>'status', e.v->>'description',
              e.v->>'details', e.v->>'context'
       FROM ${rows} ORDER BY e.n`,
      [id, JSON.stringify(r.logs.map((l) => ({ ...l, id: cuid(), createdAt: at(l.createdAt) })))],
    );
  if (r.visitedEdges?.length)
    await db.query(
      `INSERT INTO "VisitedEdge" ("resultId", "edgeId", "index")
       SELECT $1, e.edge, e.n - 1 FROM unnest($2::text[]) WITH ORDINALITY AS e(edge, n)`,
      [id, r.visitedEdges],
    );
  if (r.setVariableHistory?.length)
    await db.query(
      `INSERT INTO "SetVariableHistoryItem" ("resultId", "index", "variableId", "blockId", "value", "blockIndex")
       SELECT $1, e.n - 1, e.v->>'variableId', e.v->>'blockId', e.v->'value', (e.v->>'blockIndex')::integer
       FROM ${rows} ORDER BY e.n`,
      [id, JSON.stringify(r.setVariableHistory.map((item) => ({ ...item, value: item.value ?? null })))],
    );
  return id;
}

const INPUT_BLOCK = / input$/;

/** The bot's answerable blocks (input blocks; else every block) with their groups, and its first variables. */
async function bulkDefaults(db: TypebotDb, typebotId: string) {
  const found = await db.query<{ groups: unknown; variables: unknown }>(
    'SELECT "groups", "variables" FROM "Typebot" WHERE "id" = $1',
    [typebotId],
  );
  if (!found.rows[0]) throw new Error(`seedBulkResults: no Typebot ${typebotId}`);
  const blocks: { id: string; groupId: string; type: string }[] = [];
  for (const group of (Array.isArray(found.rows[0].groups) ? found.rows[0].groups : []) as BotContent[])
    for (const block of (Array.isArray(group.blocks) ? group.blocks : []) as BotContent[])
      if (typeof block.id === 'string' && typeof group.id === 'string')
        blocks.push({ id: block.id, groupId: group.id, type: String(block.type) });
  const inputs = blocks.filter((block) => INPUT_BLOCK.test(block.type));
  const variables = (Array.isArray(found.rows[0].variables) ? found.rows[0].variables : []) as BotContent[];
  return {
    blocks: inputs.length > 0 ? inputs : blocks,
    variables: variables
      .filter((v) => typeof v.id === 'string' && typeof v.name === 'string')
      .slice(0, 2)
      .map((v) => ({ id: v.id as string, name: v.name as string })),
  };
}

/**
 * Many results fast, in SQL (generate_series, in batches of 50,000): `count`
 * results on the bot, each with `answersPerResult` (default 3) AnswerV2 rows
 * whose blocks cycle through `blockIds` (default: the bot's input blocks),
 * every second result also with one old-table Answer (in `groupId`, default
 * the block's group), a Log on every tenth, the bot's first two variables set
 * ("<name> <n>"), dates spread over the year before now. A third of the
 * results are completed; all have started. Ids are cuid-like and unique
 * across calls.
 *
 * What makes it fast: commits that do not wait for the disk, and (when the
 * role may, as the tests' superuser may) foreign keys left unchecked for the
 * session (`session_replication_role = replica`: the rows are consistent by
 * construction), so that, given the pool, the results and the rows that hang
 * off them go in side by side on two connections. Measured on a two-core
 * machine: 100,000 results in 4 s, 1,000,000 (with 3,000,000 AnswerV2 rows) in 51 s.
 */
export async function seedBulkResults(
  db: TypebotDb,
  b: { typebotId: string; count: number; answersPerResult?: number; blockIds?: string[]; groupId?: string },
): Promise<void> {
  const answersPerResult = b.answersPerResult ?? 3;
  const defaults = await bulkDefaults(db, b.typebotId);
  const blockIds = b.blockIds ?? defaults.blocks.map((block) => block.id);
  if (blockIds.length === 0) throw new Error('seedBulkResults: the bot has no blocks; give blockIds');
  const groupOf = new Map(defaults.blocks.map((block) => [block.id, block.groupId]));
  const groupIds = blockIds.map((blockId) => b.groupId ?? groupOf.get(blockId) ?? 'bulk-group');
  // Result n's id: `c`, 9 random characters of this call, n on 15 digits.
  const prefix = cuid().slice(1, 10);
  const now = new Date().toISOString();

  // Result n's id and date, the same expressions in every statement ($1 the batch's first n, $2 the prefix, $3 now).
  const resultId = `'c' || $2::text || lpad(n::text, 15, '0')`;
  const createdAt = `($3::timestamp(3) - make_interval(secs => (n * 7919) % 31536000))`;
  const pick = (array: string, index: string) => `(${array})[1 + ((${index}) % cardinality(${array}))::int]`;
  // The variables' ids and names are parameters $6, $7, $8, $9.
  const variables = defaults.variables.length
    ? `jsonb_build_array(${defaults.variables
        .map((_, i) => {
          const [id, name] = [`$${6 + 2 * i}::text`, `$${7 + 2 * i}::text`];
          return `jsonb_build_object('id', ${id}, 'name', ${name}, 'value', ${name} || ' ' || n)`;
        })
        .join(', ')})`
    : `'[]'::jsonb`;

  const insertResults = (client: TypebotDb, from: number, to: number) =>
    client.query(
      `INSERT INTO "Result" ("id", "createdAt", "typebotId", "isCompleted", "variables", "hasStarted", "isArchived")
       SELECT ${resultId}, ${createdAt}, $5, n % 3 = 0, ${variables}, true, false
       FROM generate_series($1::bigint, $4::bigint) AS n`,
      [from, prefix, now, to, b.typebotId, ...defaults.variables.flatMap((v) => [v.id, v.name])],
    );
  const insertChildren = async (client: TypebotDb, from: number, to: number) => {
    if (answersPerResult > 0)
      await client.query(
        `INSERT INTO "AnswerV2" ("blockId", "content", "resultId", "createdAt")
         SELECT ${pick('$4::text[]', 'k - 1')}, 'Answer ' || k || ' of result ' || n, ${resultId},
                ${createdAt} + make_interval(secs => k * 5)
         FROM generate_series($1::bigint, $5::bigint) AS n CROSS JOIN generate_series(1, $6::int) AS k`,
        [from, prefix, now, blockIds, to, answersPerResult],
      );
    await client.query(
      `INSERT INTO "Answer" ("createdAt", "resultId", "groupId", "blockId", "content")
       SELECT ${createdAt} + interval '5 seconds', ${resultId}, ${pick('$5::text[]', 'n')}, ${pick('$4::text[]', 'n')},
              'Old answer of result ' || n
       FROM generate_series($1::bigint, $6::bigint) AS n WHERE n % 2 = 0`,
      [from, prefix, now, blockIds, groupIds, to],
    );
    await client.query(
      `INSERT INTO "Log" ("id", "createdAt", "resultId", "status", "description", "details")
       SELECT 'c' || $2::text || 'l' || lpad(n::text, 14, '0'), ${createdAt} + interval '10 seconds', ${resultId},
              'error', 'Webhook returned an error', '{"statusCode":500,"response":"Internal error"}'
       FROM generate_series($1::bigint, $4::bigint) AS n WHERE n % 10 = 0`,
      [from, prefix, now, to],
    );
  };

  const prepare = async (client: TypebotDb): Promise<boolean> => {
    await client.query('SET synchronous_commit TO off');
    try {
      await client.query('SET session_replication_role TO replica');
      return true;
    } catch {
      return false; // Not a superuser: the foreign keys are checked, results first.
    }
  };
  const restore = (client: TypebotDb) =>
    client.query('RESET synchronous_commit; RESET session_replication_role').catch(() => undefined);

  const batch = 50_000;
  const clients: pg.PoolClient[] = [];
  try {
    let [first, second]: TypebotDb[] = [db, db];
    if (db instanceof pg.Pool) {
      clients.push(await db.connect(), await db.connect());
      [first, second] = clients as [pg.PoolClient, pg.PoolClient];
    }
    const unchecked = (await prepare(first!)) && (second === first || (await prepare(second!)));
    for (let from = 1; from <= b.count; from += batch) {
      const to = Math.min(b.count, from + batch - 1);
      if (unchecked && second !== first)
        await Promise.all([insertResults(first!, from, to), insertChildren(second!, from, to)]);
      else {
        await insertResults(first!, from, to);
        await insertChildren(first!, from, to);
      }
    }
  } finally {
    if (clients.length)
      for (const client of clients) {
        await restore(client);
        client.release();
      }
    else await restore(db);
  }
}
