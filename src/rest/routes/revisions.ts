import { BUILDER_ERRORS, builderRoutes } from './group';

// Parley's: every publish is a revision, and every checkpoint of the draft; restored into the draft as an edit.
export const revisionRoutes = builderRoutes('Bot', [
  {
    method: 'GET',
    path: '/v1/bots/{botId}/revisions',
    operation: 'ListRevisions',
    summary: 'List revisions (publishes and draft checkpoints, each with its kind, newest first)',
    unwrap: ['bot'],
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/revisions',
    operation: 'CheckpointDraft',
    summary: 'Checkpoint the draft: keep it as it is now as a revision of kind draft (body: {note?})',
    unwrap: ['checkpointDraft'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/revisions/{revision}',
    operation: 'GetRevision',
    summary: 'Get a revision (a publish or a draft checkpoint): its definition and what the draft changed since',
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
