import { z } from 'zod';
import type { ResultRowsBatch } from '../../db/bulk-results';
import { canonicalJson } from '../../engine/json';
import type { SourceResult } from '../../integrations/typebot/rows';
import { skip } from './report';
import type { ImportRun } from './run';

// Results, a batch at a time, each batch in one transaction (a stop leaves
// whole results; written through db/bulk-results): the result with its variables, its answers from both of
// Typebot's tables (as one list, in time order), logs, visited edges and
// variable history. They keep their ids, so a second run finds them: a
// result that changed in Typebot since (a chat that went on) is written
// again whole; the others are left as they are.

const variablesSchema = z.array(z.looseObject({ id: z.string(), name: z.string(), value: z.unknown() }));

/** What a result's import writes; compared with what is here, a different one is written again. */
interface Shape {
  isCompleted: boolean;
  hasStarted: boolean;
  isArchived: boolean;
  variables: string;
  answers: number;
  logs: number;
  edges: number;
  history: number;
}

function variablesOf(result: SourceResult): unknown[] {
  const parsed = variablesSchema.safeParse(result.variables);
  return parsed.success ? parsed.data : [];
}

function sourceShape(result: SourceResult): Shape {
  const answers = result.answers.length + result.answersV2.length;
  return {
    isCompleted: result.isCompleted,
    // Results from before Typebot kept the flag: started when answered.
    hasStarted: result.hasStarted ?? answers > 0,
    isArchived: result.isArchived ?? false,
    variables: canonicalJson(variablesOf(result)),
    answers,
    logs: result.logs.length,
    edges: result.visitedEdges.length,
    history: result.setVariableHistory.length,
  };
}

function counts(rows: { resultId: string | null; _count: { _all: number } }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.resultId ?? '', row._count._all]));
}

async function shapesHere(run: ImportRun, ids: string[]): Promise<Map<string, Shape & { botId: string }>> {
  const { db } = run;
  const rows = await db.result.findMany({
    where: { id: { in: ids } },
    select: { id: true, botId: true, isCompleted: true, hasStarted: true, isArchived: true, variables: true },
  });
  if (rows.length === 0) return new Map();
  const found = rows.map((row) => row.id);
  const where = { resultId: { in: found } };
  const [answers, logs, edges, history] = await Promise.all([
    db.answer.groupBy({ by: ['resultId'], where, _count: { _all: true } }),
    db.log.groupBy({ by: ['resultId'], where, _count: { _all: true } }),
    db.visitedEdge.groupBy({ by: ['resultId'], where, _count: { _all: true } }),
    db.setVariableHistoryItem.groupBy({ by: ['resultId'], where, _count: { _all: true } }),
  ]).then((groups) => groups.map(counts));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        botId: row.botId,
        isCompleted: row.isCompleted,
        hasStarted: row.hasStarted,
        isArchived: row.isArchived,
        variables: canonicalJson(row.variables),
        answers: answers!.get(row.id) ?? 0,
        logs: logs!.get(row.id) ?? 0,
        edges: edges!.get(row.id) ?? 0,
        history: history!.get(row.id) ?? 0,
      },
    ]),
  );
}

function sameShape(here: Shape, wanted: Shape): boolean {
  return (Object.keys(wanted) as (keyof Shape)[]).every((key) => here[key] === wanted[key]);
}

export async function importResults(run: ImportRun, batch: SourceResult[]): Promise<void> {
  const { report } = run;
  const wanted = batch.filter((result) => {
    if (run.bots.has(result.typebotId)) return true;
    skip(report.results, run.botsSkipped.get(result.typebotId) ?? 'its bot was not imported', result.id);
    return false;
  });
  if (wanted.length === 0) return;
  const here = await shapesHere(
    run,
    wanted.map((result) => result.id),
  );
  const toWrite: SourceResult[] = [];
  const replaced: string[] = [];
  for (const result of wanted) {
    const botId = run.bots.get(result.typebotId)!;
    const existing = here.get(result.id);
    if (!existing) {
      report.results.imported += 1;
      toWrite.push(result);
    } else if (existing.botId !== botId) {
      skip(report.results, 'a result here already has its id', result.id);
    } else if (sameShape(existing, sourceShape(result))) {
      report.results.unchanged += 1;
    } else {
      report.results.updated += 1;
      replaced.push(result.id);
      toWrite.push(result);
    }
  }
  if (run.options.dryRun || toWrite.length === 0) return;
  if (!run.options.resultWriter) throw new Error('a result writer is needed to import results');
  await run.options.resultWriter.write(rowsOf(run, toWrite, replaced));
}

function rowsOf(run: ImportRun, toWrite: SourceResult[], replace: string[]): ResultRowsBatch {
  const results = toWrite.map((result) => {
    const shape = sourceShape(result);
    return {
      id: result.id,
      botId: run.bots.get(result.typebotId)!,
      createdAt: result.createdAt,
      // Typebot keeps no time of a result's last change: its start stands for it.
      updatedAt: result.createdAt,
      variables: variablesOf(result),
      isCompleted: shape.isCompleted,
      hasStarted: shape.hasStarted,
      isArchived: shape.isArchived,
    };
  });
  const answers = toWrite.flatMap((result) => {
    const places = run.blockPlaces.get(result.typebotId);
    return [
      ...result.answers.map((answer) => ({
        resultId: result.id,
        createdAt: answer.createdAt,
        blockId: answer.blockId,
        groupId: answer.groupId,
        variableId: answer.variableId,
        content: answer.content,
        attachedFileUrls: null,
      })),
      ...result.answersV2.map((answer) => ({
        resultId: result.id,
        createdAt: answer.createdAt,
        blockId: answer.blockId,
        groupId: places?.get(answer.blockId)?.groupId ?? null,
        variableId: places?.get(answer.blockId)?.variableId ?? null,
        content: answer.content,
        attachedFileUrls: Array.isArray(answer.attachedFileUrls)
          ? answer.attachedFileUrls.filter((url): url is string => typeof url === 'string')
          : null,
      })),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  });
  const logs = toWrite.flatMap((result) =>
    result.logs.map((log) => ({
      id: log.id,
      resultId: result.id,
      createdAt: log.createdAt,
      status: log.status,
      description: log.description,
      details: log.details,
      context: log.context,
    })),
  );
  const edges = toWrite.flatMap((result) =>
    result.visitedEdges.map((edge) => ({ resultId: result.id, index: edge.index, edgeId: edge.edgeId })),
  );
  const history = toWrite.flatMap((result) =>
    result.setVariableHistory.map((item) => ({
      resultId: result.id,
      index: item.index,
      variableId: item.variableId,
      blockId: item.blockId,
      // Older rows lack it: the item applies where it was recorded.
      blockIndex: item.blockIndex ?? item.index,
      value: item.value,
    })),
  );
  return { replace, results, answers, logs, edges, history };
}
