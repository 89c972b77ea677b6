import { z } from 'zod';
import { answering, field } from '../answers';
import { botId, READS, timeFilter, timeZone, WRITES, type ToolHost } from './shared';

interface ResultRow {
  id: string;
  createdAt: string;
  isCompleted: boolean;
  variables: { name: string; value: unknown }[];
  answers: { blockId: string; content: string; createdAt: string }[];
}

/** A result as a reader wants it: answers in order, and the variables they filled by name. */
function compactResult(result: ResultRow) {
  return {
    id: result.id,
    createdAt: result.createdAt,
    isCompleted: result.isCompleted,
    variables: Object.fromEntries(
      result.variables
        .filter(({ value }) => value !== null && value !== undefined)
        .map(({ name, value }) => [name, value]),
    ),
    answers: result.answers.map(({ blockId, content }) => ({ blockId, content })),
  };
}

const filters = {
  timeFilter,
  timeZone,
  isCompleted: z.boolean().optional().describe('Only completed (true) or only unfinished (false) chats.'),
  search: z.string().max(200).optional().describe('Text contained in one of the answers.'),
};

export function registerResultTools({ server, run }: ToolHost): void {
  server.registerTool(
    'search_results',
    {
      title: 'Search results',
      description:
        "Visitors' results of a bot (chats with at least one answer), newest first: answers and variables by name. Up to 100 per page; pass nextCursor back as cursor for more. For many results, export_results gives a file instead.",
      inputSchema: {
        botId,
        ...filters,
        limit: z.number().int().min(1).max(100).default(20),
        cursor: z.string().optional().describe('nextCursor of the previous page.'),
      },
      annotations: READS,
    },
    ({ botId, limit, cursor, ...filter }) =>
      answering(async () => {
        const page = field(field(await run('ListResults', { botId, limit, cursor, ...filter }), 'bot'), 'results');
        return { results: (page.results as ResultRow[]).map(compactResult), nextCursor: page.nextCursor ?? null };
      }),
  );

  server.registerTool(
    'get_result',
    {
      title: 'Read a result',
      description: "One result: its answers and variables, and the conversation's transcript as the visitor saw it.",
      inputSchema: { botId, resultId: z.string().min(1).describe('A result id (from search_results).') },
      annotations: READS,
    },
    ({ botId, resultId }) =>
      answering(async () => {
        const result = field(
          field(await run('GetResult', { botId, resultId }), 'bot'),
          'result',
        ) as unknown as ResultRow;
        const transcript = field(field(await run('GetResultTranscript', { botId, resultId }), 'bot'), 'result');
        return { ...compactResult(result), transcript: transcript.transcript };
      }),
  );

  server.registerTool(
    'export_results',
    {
      title: 'Export results',
      description:
        'A download link for the results as CSV (one row per result) or NDJSON, valid 15 minutes and usable without a token: give it to the person rather than reading it yourself.',
      inputSchema: { botId, format: z.enum(['csv', 'ndjson']).default('csv'), ...filters },
      // Makes a link (nothing changes in the bot or its results), which anyone holding it may use while it lasts.
      annotations: { ...WRITES, idempotentHint: false },
    },
    ({ botId, format, ...filter }) =>
      answering(async () =>
        field(await run('CreateResultsExportLink', { botId, format, ...filter }), 'createResultsExportLink'),
      ),
  );
}
