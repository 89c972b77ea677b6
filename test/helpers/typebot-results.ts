// Results in a Typebot database (test/helpers/typebot-source.ts): one with
// its rows in every table that hangs off it, or many at once, in SQL.
import pg from 'pg';
import type { BotContent } from './typebot-rows';
import { cuid, insertRow, json, ts, type TypebotDb } from './typebot-source';

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
