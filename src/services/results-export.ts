import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/client';
import { INPUT_TYPES } from '../engine/definition/block-types';
import type { BotDefinition } from '../engine/definition/parse';
import { draftDefinition, getBot } from './bots';
import { listedResultsWhere, type ResultFilter } from './result-reads';
import { storedResultVariables } from './results';

// Every listed result of a bot as table rows, for the CSV/NDJSON export:
// "Submitted at", one column per input block in the order of the flow's
// groups (named by the block's variable, else its group's title, as the
// reference's export header does), then the variables no input sets. Rows come
// from keyset-paginated batches, oldest first, so an export of any size runs
// in constant memory and starts answering at once.

const BATCH = 500;
const INPUTS = new Set<string>(INPUT_TYPES);

interface Column {
  label: string;
  blockId?: string;
  variableId?: string;
}

function columnsOf(definition: BotDefinition): Column[] {
  const variables = new Map((definition.variables ?? []).map((variable) => [variable.id, variable.name]));
  const columns: Column[] = [];
  const usedLabels = new Set<string>();
  const covered = new Set<string>();
  for (const group of definition.groups) {
    for (const block of group.blocks) {
      if (!INPUTS.has(block.type)) continue;
      const variableId = (block.options as { variableId?: unknown } | undefined)?.variableId;
      const named = typeof variableId === 'string' ? variables.get(variableId) : undefined;
      if (typeof variableId === 'string') covered.add(variableId);
      let label = named ?? group.title ?? block.id;
      // Two inputs in one group, or a title used twice: the column names stay distinct.
      for (let suffix = 2; usedLabels.has(label); suffix += 1)
        label = `${named ?? group.title ?? block.id} (${suffix})`;
      usedLabels.add(label);
      columns.push({ label, blockId: block.id });
    }
  }
  for (const [id, name] of variables) {
    if (covered.has(id) || usedLabels.has(name)) continue;
    usedLabels.add(name);
    columns.push({ label: name, variableId: id });
  }
  return columns;
}

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value.map((item) => (item === null || item === undefined ? '' : String(item))).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The header, then one row per result (oldest first). */
export async function* exportRows(
  db: Db,
  botId: string,
  filter: ResultFilter,
  now = new Date(),
): AsyncGenerator<string[]> {
  const bot = await getBot(db, botId);
  const columns = columnsOf(draftDefinition(bot));
  yield ['Submitted at', ...columns.map((column) => column.label)];
  const where = listedResultsWhere(botId, filter, now);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const results = await db.result.findMany({
      where: after
        ? {
            AND: [
              where,
              { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] },
            ],
          }
        : where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
      include: { answers: { orderBy: { createdAt: 'asc' } } },
    });
    for (const result of results) {
      // A block answered twice shows its last answer.
      const answers = new Map(result.answers.map((answer) => [answer.blockId, answer.content]));
      const variables = new Map(
        storedResultVariables(result.variables).map((variable) => [variable.id, variable.value]),
      );
      yield [
        result.createdAt.toISOString(),
        ...columns.map((column) =>
          column.blockId ? (answers.get(column.blockId) ?? '') : cellOf(variables.get(column.variableId ?? '')),
        ),
      ];
    }
    if (results.length < BATCH) return;
    // SQLite answers synchronously under its promises: let the rows already written leave before reading more.
    await new Promise((resolve) => setImmediate(resolve));
    const last = results[results.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export type ExportFormat = 'csv' | 'ndjson';

/**
 * CSV cells a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return: visitors' answers are anyone's text) get a leading
 * apostrophe, as OWASP recommends: the sheet shows text, not a formula. NDJSON
 * keeps values as they are (it is read by programs).
 */
const csvRow = (row: string[]) => stringify([row], { escape_formulas: true });

/** The export as lines of text: CSV (header first, quoted by csv-stringify) or NDJSON (one object per result, keyed by the header). */
export async function* exportLines(
  db: Db,
  botId: string,
  format: ExportFormat,
  filter: ResultFilter,
): AsyncGenerator<string> {
  let header: string[] | undefined;
  for await (const row of exportRows(db, botId, filter)) {
    if (!header) {
      header = row;
      if (format === 'csv') yield csvRow(row);
      continue;
    }
    if (format === 'csv') yield csvRow(row);
    else yield `${JSON.stringify(Object.fromEntries(header.map((label, index) => [label, row[index] ?? ''])))}\n`;
  }
}
