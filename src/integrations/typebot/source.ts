import pg from 'pg';
import { LAST_KNOWN_TYPEBOT_MIGRATION, TYPEBOT_MIGRATIONS } from './known-migrations';
import type {
  SourceBot,
  SourceCollaborator,
  SourceCounts,
  SourceCredentials,
  SourceFolder,
  SourceInvitation,
  SourceMember,
  SourceResult,
  SourceUser,
  SourceWorkspace,
} from './rows';

// Reads a Typebot instance's PostgreSQL database, as its schema stands in
// v3.x, in one read-only snapshot (REPEATABLE READ): what the import copies
// is one consistent moment of the instance, even while it keeps serving.
// Large tables are read through server-side cursors, a batch at a time.

/** The database cannot be imported as given: the message says why, in words. */
export class TypebotSourceError extends Error {}

/** The columns read, by table: a database without them is not a Typebot v3 database (or an older one). */
const READ_COLUMNS: Record<string, readonly string[]> = {
  User: ['id', 'email', 'name', 'image', 'createdAt'],
  Workspace: [
    'id',
    'name',
    'icon',
    'plan',
    'createdAt',
    'customChatsLimit',
    'customSeatsLimit',
    'customStorageLimit',
    'isSuspended',
    'isPastDue',
    'isVerified',
    'isQuarantined',
  ],
  MemberInWorkspace: ['userId', 'workspaceId', 'role', 'createdAt'],
  WorkspaceInvitation: ['id', 'email', 'workspaceId', 'type', 'createdAt'],
  DashboardFolder: ['id', 'name', 'parentFolderId', 'workspaceId'],
  Credentials: ['id', 'workspaceId', 'type', 'name', 'data', 'iv', 'createdAt'],
  Typebot: [
    'id',
    'version',
    'createdAt',
    'updatedAt',
    'icon',
    'name',
    'folderId',
    'groups',
    'events',
    'variables',
    'edges',
    'theme',
    'settings',
    'publicId',
    'customDomain',
    'workspaceId',
    'isArchived',
    'isClosed',
    'whatsAppCredentialsId',
  ],
  PublicTypebot: ['typebotId', 'version', 'updatedAt', 'groups', 'events', 'variables', 'edges', 'theme', 'settings'],
  CollaboratorsOnTypebots: ['userId', 'typebotId', 'type'],
  Result: ['id', 'createdAt', 'typebotId', 'variables', 'isCompleted', 'hasStarted', 'isArchived', 'lastChatSessionId'],
  Answer: ['resultId', 'blockId', 'groupId', 'variableId', 'content', 'createdAt'],
  AnswerV2: ['id', 'resultId', 'blockId', 'content', 'attachedFileUrls', 'createdAt'],
  Log: ['id', 'resultId', 'status', 'description', 'details', 'context', 'createdAt'],
  VisitedEdge: ['resultId', 'edgeId', 'index'],
  SetVariableHistoryItem: ['resultId', 'index', 'variableId', 'blockId', 'blockIndex', 'value'],
};

/** Results per batch read (and written): a stop between two batches leaves whole results. */
export const RESULT_BATCH = 500;
const ROW_BATCH = 2_000;

/** A URL fit to print: the password masked. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}

// Prisma writes UTC in `timestamp without time zone`: read it as UTC, whatever this machine's zone.
const TIMESTAMP_OID = 1114;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_OID
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** PublicTypebot's columns beside the bot's (null without a published version). */
interface PublishedColumns {
  pTypebotId: string | null;
  pVersion: string | null;
  pUpdatedAt: Date;
  pGroups: unknown;
  pEvents: unknown;
  pVariables: unknown;
  pEdges: unknown;
  pTheme: unknown;
  pSettings: unknown;
}

export interface TypebotSource {
  /** The newest migration Prisma recorded in the database. */
  readonly migration: string;
  counts(): Promise<SourceCounts>;
  users(): AsyncGenerator<SourceUser[]>;
  workspaces(): AsyncGenerator<SourceWorkspace[]>;
  members(): AsyncGenerator<SourceMember[]>;
  invitations(): AsyncGenerator<SourceInvitation[]>;
  folders(): Promise<SourceFolder[]>;
  credentials(): Promise<SourceCredentials[]>;
  collaborators(): AsyncGenerator<SourceCollaborator[]>;
  /** Bots with their published version, a few at a time (definitions can be large). */
  bots(): AsyncGenerator<SourceBot[]>;
  /** Every result with its answers (both tables), logs, visited edges and variable history, in batches. */
  results(): AsyncGenerator<SourceResult[]>;
  close(): Promise<void>;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, types, application_name: 'parley import typebot' });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new TypebotSourceError(
      `Cannot connect to the Typebot database at ${describeDatabaseUrl(url)}: ${(error as Error).message}`,
    );
  }
  return client;
}

/** Checks that the database is a Typebot database of a version this importer knows; returns its newest migration. */
async function checkSchema(client: pg.Client, where: string): Promise<string> {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const present = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns.rows) {
    if (!present.has(table_name)) present.set(table_name, new Set());
    present.get(table_name)!.add(column_name);
  }
  if (!present.has('Typebot') || !present.has('_prisma_migrations'))
    throw new TypebotSourceError(
      `${where} is not a Typebot database: it has no ${present.has('Typebot') ? '_prisma_migrations' : '"Typebot"'} table (give the URL of the database Typebot's DATABASE_URL names)`,
    );
  const applied = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  const known = new Set(TYPEBOT_MIGRATIONS);
  const unknown = applied.rows.map((row) => row.migration_name).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new TypebotSourceError(
      `${where} has Typebot migrations this importer does not know (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): it is newer than the last version known (${LAST_KNOWN_TYPEBOT_MIGRATION}). Update Parley, or ask for support of that version`,
    );
  const missing = Object.entries(READ_COLUMNS).flatMap(([table, names]) =>
    names.filter((name) => !present.get(table)?.has(name)).map((name) => `"${table}"."${name}"`),
  );
  if (missing.length > 0)
    throw new TypebotSourceError(
      `${where} is a Typebot database older than v3 (missing ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}): upgrade that Typebot to v3 and let it migrate its database, then import`,
    );
  return applied.rows.at(-1)?.migration_name ?? 'none';
}

let cursorCount = 0;

async function* cursor<T>(
  client: pg.Client,
  sql: string,
  params: unknown[] = [],
  size = ROW_BATCH,
): AsyncGenerator<T[]> {
  const name = `parley_import_${++cursorCount}`;
  await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
  try {
    for (;;) {
      const { rows } = await client.query(`FETCH ${size} FROM ${name}`);
      if (rows.length === 0) return;
      yield rows as T[];
    }
  } finally {
    await client.query(`CLOSE ${name}`).catch(() => undefined);
  }
}

async function all<T>(batches: AsyncGenerator<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

/**
 * Rows of one child table, read in the results' order (by result id, byte
 * order on both sides), handed out result batch by result batch: a merge
 * join, because not every child table has an index on its result id
 * (AnswerV2 has none), and a query per batch would scan it each time.
 */
class ChildRows<T extends { resultId: string }> {
  private buffer: T[] = [];
  private position = 0;
  private done = false;
  private readonly source: AsyncGenerator<T[]>;
  constructor(client: pg.Client, sql: string) {
    this.source = cursor<T>(client, sql);
  }
  /** Every row whose result id sorts at or before `lastId`, grouped by result id. */
  async upTo(lastId: string): Promise<Map<string, T[]>> {
    const taken = new Map<string, T[]>();
    for (;;) {
      while (this.position < this.buffer.length && this.buffer[this.position]!.resultId <= lastId) {
        const row = this.buffer[this.position++]!;
        const list = taken.get(row.resultId);
        if (list) list.push(row);
        else taken.set(row.resultId, [row]);
      }
      if (this.position < this.buffer.length || this.done) return taken;
      const next = await this.source.next();
      if (next.done) this.done = true;
      else [this.buffer, this.position] = [next.value, 0];
    }
  }
  async close(): Promise<void> {
    await this.source.return(undefined);
  }
}

export async function openTypebotSource(url: string): Promise<TypebotSource> {
  const where = `The database at ${describeDatabaseUrl(url)}`;
  const client = await connect(url);
  let migration: string;
  try {
    migration = await checkSchema(client, where);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  const hasSpaces = (
    await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'Typebot' AND column_name = 'spaceId'`,
    )
  ).rowCount;

  async function count(table: string, where = 'true'): Promise<number> {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`);
    return Number(rows[0]!.n);
  }

  return {
    migration,
    async counts() {
      return {
        users: await count('User'),
        workspaces: await count('Workspace'),
        members: await count('MemberInWorkspace'),
        invitations: await count('WorkspaceInvitation'),
        credentials: await count('Credentials'),
        bots: await count('Typebot'),
        results: await count('Result'),
      };
    },
    users: () =>
      cursor<SourceUser>(client, `SELECT id, email, name, image, "createdAt" FROM "User" ORDER BY "createdAt", id`),
    workspaces: () =>
      cursor<SourceWorkspace>(
        client,
        `SELECT id, name, icon, plan::text AS plan, "createdAt", "customChatsLimit", "customSeatsLimit", "customStorageLimit",
                "isSuspended", "isPastDue", "isVerified", "isQuarantined"
           FROM "Workspace" ORDER BY "createdAt", id`,
      ),
    members: () =>
      cursor<SourceMember>(
        client,
        `SELECT "userId", "workspaceId", role::text AS role, "createdAt" FROM "MemberInWorkspace" ORDER BY "createdAt", "userId"`,
      ),
    invitations: () =>
      cursor<SourceInvitation>(
        client,
        `SELECT id, email, "workspaceId", type::text AS role, "createdAt" FROM "WorkspaceInvitation" ORDER BY "createdAt", id`,
      ),
    folders: () =>
      all(cursor<SourceFolder>(client, `SELECT id, name, "parentFolderId", "workspaceId" FROM "DashboardFolder"`)),
    credentials: () =>
      all(
        cursor<SourceCredentials>(
          client,
          `SELECT id, "workspaceId", type, name, data, iv, "createdAt" FROM "Credentials" ORDER BY "createdAt", id`,
        ),
      ),
    collaborators: () =>
      cursor<SourceCollaborator>(
        client,
        `SELECT "userId", "typebotId", type::text AS type FROM "CollaboratorsOnTypebots"`,
      ),
    async *bots() {
      const space = hasSpaces
        ? `(SELECT s.name FROM "Space" s WHERE s.id = t."spaceId") AS "spaceName"`
        : `NULL AS "spaceName"`;
      const rows = cursor<Omit<SourceBot, 'published'> & PublishedColumns>(
        client,
        `SELECT t.id, t.version, t."createdAt", t."updatedAt", t.icon, t.name, t."folderId", ${space},
                t.groups, t.events, t.variables, t.edges, t.theme, t.settings, t."publicId", t."customDomain",
                t."workspaceId", t."isArchived", t."isClosed", t."whatsAppCredentialsId",
                p."typebotId" AS "pTypebotId", p.version AS "pVersion", p."updatedAt" AS "pUpdatedAt",
                p.groups AS "pGroups", p.events AS "pEvents", p.variables AS "pVariables", p.edges AS "pEdges",
                p.theme AS "pTheme", p.settings AS "pSettings"
           FROM "Typebot" t LEFT JOIN "PublicTypebot" p ON p."typebotId" = t.id
          ORDER BY t."createdAt", t.id`,
        [],
        20,
      );
      for await (const batch of rows)
        yield batch.map((row) => {
          const { pTypebotId, pVersion, pUpdatedAt, pGroups, pEvents, pVariables, pEdges, pTheme, pSettings, ...bot } =
            row;
          const published =
            pTypebotId === null
              ? null
              : {
                  version: pVersion,
                  updatedAt: pUpdatedAt,
                  groups: pGroups,
                  events: pEvents,
                  variables: pVariables,
                  edges: pEdges,
                  theme: pTheme,
                  settings: pSettings,
                };
          return { ...bot, published };
        });
    },
    async *results() {
      const byResult = 'ORDER BY "resultId" COLLATE "C"';
      const answers = new ChildRows<SourceResult['answers'][number] & { resultId: string }>(
        client,
        `SELECT "resultId", "blockId", "groupId", "variableId", content, "createdAt" FROM "Answer" ${byResult}, "createdAt", "blockId" COLLATE "C"`,
      );
      const answersV2 = new ChildRows<SourceResult['answersV2'][number] & { resultId: string }>(
        client,
        `SELECT "resultId", id, "blockId", content, "attachedFileUrls", "createdAt" FROM "AnswerV2" ${byResult}, id`,
      );
      const logs = new ChildRows<SourceResult['logs'][number] & { resultId: string }>(
        client,
        `SELECT "resultId", id, status, description, details, context, "createdAt" FROM "Log" ${byResult}, "createdAt", id COLLATE "C"`,
      );
      const edges = new ChildRows<SourceResult['visitedEdges'][number] & { resultId: string }>(
        client,
        `SELECT "resultId", "edgeId", index FROM "VisitedEdge" ${byResult}, index`,
      );
      const history = new ChildRows<SourceResult['setVariableHistory'][number] & { resultId: string }>(
        client,
        `SELECT "resultId", index, "variableId", "blockId", "blockIndex", value FROM "SetVariableHistoryItem" ${byResult}, index`,
      );
      const children = [answers, answersV2, logs, edges, history];
      try {
        for await (const batch of cursor<
          Omit<SourceResult, 'answers' | 'answersV2' | 'logs' | 'visitedEdges' | 'setVariableHistory'>
        >(
          client,
          `SELECT id, "createdAt", "typebotId", variables, "isCompleted", "hasStarted", "isArchived", "lastChatSessionId"
             FROM "Result" ORDER BY id COLLATE "C"`,
          [],
          RESULT_BATCH,
        )) {
          const lastId = batch.at(-1)!.id;
          const grouped: Map<string, unknown[]>[] = [];
          // One after another: a connection runs one statement at a time.
          for (const child of children) grouped.push(await child.upTo(lastId));
          const [a, a2, l, e, h] = grouped;
          yield batch.map((result) => ({
            ...result,
            answers: a!.get(result.id) ?? [],
            answersV2: a2!.get(result.id) ?? [],
            logs: l!.get(result.id) ?? [],
            visitedEdges: e!.get(result.id) ?? [],
            setVariableHistory: h!.get(result.id) ?? [],
          })) as SourceResult[];
        }
      } finally {
        for (const child of children) await child.close();
      }
    },
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}
