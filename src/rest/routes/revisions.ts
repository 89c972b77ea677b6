import { BUILDER_ERRORS, builderRoutes } from './group';

// Parley's: every publish is a revision, restored into the draft as an edit.
export const revisionRoutes = builderRoutes('Bot', [
  {
    method: 'GET',
    path: '/v1/bots/{botId}/revisions',
    operation: 'ListRevisions',
    summary: 'List revisions (every publish, newest first)',
    unwrap: ['bot'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/revisions/{revision}',
    operation: 'GetRevision',
    summary: 'Get a revision: its definition and what the draft changed since',
    unwrap: ['bot'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/revisions/{revision}/export',
    operation: 'ExportRevision',
    summary: 'Export a revision (a Typebot export file)',
    unwrap: ['bot', 'revision', 'export'],
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/revisions/{revision}/restore',
    operation: 'RestoreRevision',
    summary: 'Restore a revision into the draft (an edit: publish to make it live)',
    errors: [...BUILDER_ERRORS, 412],
    etag: { version: ['bot', 'draftVersion'], ifMatch: 'expectedVersion' },
  },
]);
