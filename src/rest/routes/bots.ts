import { BUILDER_ERRORS, builderRoutes } from './group';

const DRAFT_VERSION = ['bot', 'draftVersion'];

// Parley's.
export const botRoutes = builderRoutes('Bot', [
  {
    method: 'POST',
    path: '/v1/bots',
    operation: 'CreateBot',
    summary: 'Create or import a bot (definition v3 to v6.1)',
    bodyLimit: 'bot',
  },
  { method: 'GET', path: '/v1/bots', operation: 'ListBots', summary: 'List bots of a workspace', unwrap: ['bots'] },
  {
    method: 'GET',
    path: '/v1/bots/{botId}',
    operation: 'GetBot',
    summary: 'Get bot',
    etag: { version: DRAFT_VERSION },
  },
  {
    method: 'PATCH',
    path: '/v1/bots/{botId}',
    operation: 'UpdateBot',
    summary: 'Update bot',
    bodyLimit: 'bot',
    errors: [...BUILDER_ERRORS, 412],
    etag: { version: DRAFT_VERSION, ifMatch: 'expectedVersion' },
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/edits',
    operation: 'EditBot',
    summary:
      "Apply a list of edits to the bot's draft (add, change, move or remove groups and blocks, connect, variables, settings, theme), all or none; answers the bot and the ids the edits created",
    unwrap: ['editBot'],
    bodyLimit: 'bot',
    errors: [...BUILDER_ERRORS, 409, 412],
    etag: { version: DRAFT_VERSION, ifMatch: 'expectedVersion' },
  },
  {
    method: 'DELETE',
    path: '/v1/bots/{botId}',
    operation: 'DeleteBot',
    summary: 'Delete (archive) bot',
    unwrap: ['deleteBot'],
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/assets',
    operation: 'UploadBotAsset',
    summary:
      'Upload an image for the bot (an avatar): PNG, JPEG, GIF or WebP up to 1 MB, base64; answers its URL on the chat origin',
    unwrap: ['uploadBotAsset'],
    // 1 MB of image is about 1.4 MB of base64: over the general limit.
    bodyLimit: 'bot',
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/problems',
    operation: 'GetBotProblems',
    summary: 'Problems of the draft (errors stop a publish)',
    unwrap: ['bot'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/draft/changes',
    operation: 'GetDraftChanges',
    summary:
      'Saves of the draft after version `since`, oldest first, each with its patch, a page at a time (when the last is below `draftVersion`, read again from it); `changes` is null when the log cannot bring the reader up to date (no longer all kept, a restore among them): read the bot again',
    unwrap: ['bot'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/draft/live',
    operation: 'WatchDraft',
    summary:
      "Live draft saves: one event per save of the bot's draft (its new version, who, which editor tab), held open",
    unwrap: ['draftChanged'],
    stream: 'sse',
    // A user's or an address's live streams past their cap (docs/security.md#live-streams).
    errors: [...BUILDER_ERRORS, 429],
  },
  { method: 'POST', path: '/v1/bots/{botId}/publish', operation: 'PublishBot', summary: 'Publish bot' },
  { method: 'POST', path: '/v1/bots/{botId}/unpublish', operation: 'UnpublishBot', summary: 'Unpublish bot' },
]);
