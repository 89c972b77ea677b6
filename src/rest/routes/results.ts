import { BUILDER_ERRORS, builderRoutes } from './group';

// Parley's.
export const resultRoutes = builderRoutes('Results', [
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results',
    operation: 'ListResults',
    summary: 'List results (newest first, cursor pagination)',
    unwrap: ['bot', 'results'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/export',
    operation: 'ExportResults',
    summary: 'Export results as CSV or NDJSON (streamed)',
    unwrap: ['resultsExport'],
    stream: 'export',
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/results/export-link',
    operation: 'CreateResultsExportLink',
    summary: 'A link to the export that needs no token, valid 15 minutes (for a person you hand it to)',
    unwrap: ['createResultsExportLink'],
  },
  {
    method: 'GET',
    path: '/v1/exports/{token}',
    operation: 'ExportResultsByLink',
    summary: 'Download the export a link of POST /v1/bots/{botId}/results/export-link stands for (no token)',
    unwrap: ['resultsExportByLink'],
    stream: 'export',
    auth: 'link',
    errors: [400, 404, 500],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/live',
    operation: 'WatchResults',
    summary: 'Live results: one event per result a chat turn changes (created, answered, completed), held open',
    unwrap: ['resultUpdated'],
    stream: 'sse',
    // A user's or an address's live streams past their cap (docs/security.md#live-streams).
    errors: [...BUILDER_ERRORS, 429],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}',
    operation: 'GetResult',
    summary: 'Get result',
    unwrap: ['bot'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/logs',
    operation: 'GetResultLogs',
    summary: 'List result logs',
    unwrap: ['bot', 'result'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/transcript',
    operation: 'GetResultTranscript',
    summary: 'Get the conversation of a result as the visitor saw it',
    unwrap: ['bot', 'result'],
    omitNull: true,
  },
  {
    method: 'DELETE',
    path: '/v1/bots/{botId}/results',
    operation: 'DeleteResults',
    summary: 'Delete (archive) results; no resultIds: all',
    unwrap: ['deleteResults'],
  },
]);
