import type { RestRoute } from './route';

const BUILDER_ERRORS = [400, 401, 403, 404, 500];
const CHAT_ERRORS = [400, 500];

/** Every REST route. Adding an endpoint is one row here and one operation in operations/. */
export const routes: RestRoute[] = [
  // Workspaces (documented)
  { method: 'POST', path: '/v1/workspaces', operation: 'CreateWorkspace', summary: 'Create workspace', tag: 'Workspace', auth: 'bearer', errors: [400, 401, 403, 500] },
  { method: 'GET', path: '/v1/workspaces', operation: 'ListWorkspaces', summary: 'List workspaces', tag: 'Workspace', auth: 'bearer', errors: [401, 403, 500] },
  { method: 'GET', path: '/v1/workspaces/{workspaceId}', operation: 'GetWorkspace', summary: 'Get workspace', tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'PATCH', path: '/v1/workspaces/{workspaceId}', operation: 'UpdateWorkspace', summary: 'Update workspace', tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'DELETE', path: '/v1/workspaces/{workspaceId}', operation: 'DeleteWorkspace', summary: 'Delete workspace', tag: 'Workspace', auth: 'bearer', unwrap: ['deleteWorkspace'], errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/workspaces/{workspaceId}/members', operation: 'ListMembers', summary: 'List members in workspace', tag: 'Workspace', auth: 'bearer', unwrap: ['workspace'], errors: BUILDER_ERRORS },
  // Members (Parley)
  { method: 'POST', path: '/v1/workspaces/{workspaceId}/members', operation: 'AddMember', summary: 'Add member (creates the user when new)', tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'PATCH', path: '/v1/workspaces/{workspaceId}/members/{userId}', operation: 'UpdateMember', summary: "Change a member's role (userId: user id or e-mail)", tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'DELETE', path: '/v1/workspaces/{workspaceId}/members/{userId}', operation: 'RemoveMember', summary: 'Remove member (userId: user id or e-mail)', tag: 'Workspace', auth: 'bearer', unwrap: ['removeMember'], errors: BUILDER_ERRORS },
  // Credentials (Parley): data is write-only
  { method: 'POST', path: '/v1/workspaces/{workspaceId}/credentials', operation: 'CreateCredentials', summary: 'Store credentials (encrypted; type smtp, openai, anthropic, mistral, groq, together-ai, open-router, deepseek, perplexity, http, stripe)', tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/workspaces/{workspaceId}/credentials', operation: 'ListCredentials', summary: 'List credentials (never their data)', tag: 'Workspace', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'DELETE', path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}', operation: 'DeleteCredentials', summary: 'Delete credentials', tag: 'Workspace', auth: 'bearer', unwrap: ['deleteCredentials'], errors: BUILDER_ERRORS },
  // Billing (documented)
  { method: 'GET', path: '/v1/billing/invoices', operation: 'ListInvoices', summary: 'List invoices', tag: 'Billing', auth: 'bearer', unwrap: ['workspace'], errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/billing/usage', operation: 'GetUsage', summary: 'Get current plan usage', tag: 'Billing', auth: 'bearer', unwrap: ['usage'], errors: BUILDER_ERRORS },
  // Analytics (documented)
  { method: 'GET', path: '/v1/bots/{botId}/analytics/stats', operation: 'GetBotStats', summary: 'Get results stats', tag: 'Analytics', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/bots/{botId}/analytics/inDepthData', operation: 'GetInDepthData', summary: 'Drop-off per input block and results per edge', tag: 'Analytics', auth: 'bearer', unwrap: ['bot', 'analytics'], errors: BUILDER_ERRORS },
  // Bots (Parley)
  { method: 'POST', path: '/v1/bots', operation: 'CreateBot', summary: 'Create or import a bot (definition v3 to v6.1)', tag: 'Bot', auth: 'bearer', bodyLimit: 'bot', errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/bots', operation: 'ListBots', summary: 'List bots of a workspace', tag: 'Bot', auth: 'bearer', unwrap: ['bots'], errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/bots/{botId}', operation: 'GetBot', summary: 'Get bot', tag: 'Bot', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'PATCH', path: '/v1/bots/{botId}', operation: 'UpdateBot', summary: 'Update bot', tag: 'Bot', auth: 'bearer', bodyLimit: 'bot', errors: BUILDER_ERRORS },
  { method: 'DELETE', path: '/v1/bots/{botId}', operation: 'DeleteBot', summary: 'Delete (archive) bot', tag: 'Bot', auth: 'bearer', unwrap: ['deleteBot'], errors: BUILDER_ERRORS },
  { method: 'POST', path: '/v1/bots/{botId}/publish', operation: 'PublishBot', summary: 'Publish bot', tag: 'Bot', auth: 'bearer', errors: BUILDER_ERRORS },
  { method: 'POST', path: '/v1/bots/{botId}/unpublish', operation: 'UnpublishBot', summary: 'Unpublish bot', tag: 'Bot', auth: 'bearer', errors: BUILDER_ERRORS },
  // Results (Parley)
  { method: 'GET', path: '/v1/bots/{botId}/results', operation: 'ListResults', summary: 'List results (newest first, cursor pagination)', tag: 'Results', auth: 'bearer', unwrap: ['bot', 'results'], errors: BUILDER_ERRORS },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/export',
    operation: 'ExportResults',
    summary: 'Export results as CSV or NDJSON (streamed)',
    tag: 'Results',
    auth: 'bearer',
    unwrap: ['resultsExport'],
    errors: BUILDER_ERRORS,
    stream: 'export',
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/results/live',
    operation: 'WatchResults',
    summary: 'Live results: one event per result a chat turn changes (created, answered, completed), held open',
    tag: 'Results',
    auth: 'bearer',
    unwrap: ['resultUpdated'],
    errors: BUILDER_ERRORS,
    stream: 'sse',
  },
  { method: 'GET', path: '/v1/bots/{botId}/results/{resultId}', operation: 'GetResult', summary: 'Get result', tag: 'Results', auth: 'bearer', unwrap: ['bot'], errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/bots/{botId}/results/{resultId}/logs', operation: 'GetResultLogs', summary: 'List result logs', tag: 'Results', auth: 'bearer', unwrap: ['bot', 'result'], errors: BUILDER_ERRORS },
  { method: 'GET', path: '/v1/bots/{botId}/results/{resultId}/transcript', operation: 'GetResultTranscript', summary: 'Get the conversation of a result as the visitor saw it', tag: 'Results', auth: 'bearer', unwrap: ['bot', 'result'], omitNull: true, errors: BUILDER_ERRORS },
  { method: 'DELETE', path: '/v1/bots/{botId}/results', operation: 'DeleteResults', summary: 'Delete (archive) results; no resultIds: all', tag: 'Results', auth: 'bearer', unwrap: ['deleteResults'], errors: BUILDER_ERRORS },
  // Chat runtime (documented): answers only 200, 400 and 500
  { method: 'POST', path: '/v1/bots/{publicId}/startChat', operation: 'StartChat', summary: 'Start chat', tag: 'Chat', auth: 'none', unwrap: ['startChat'], omitNull: true, errors: CHAT_ERRORS },
  { method: 'POST', path: '/v1/sessions/{sessionId}/continueChat', operation: 'ContinueChat', summary: 'Continue chat', tag: 'Chat', auth: 'none', unwrap: ['continueChat'], omitNull: true, errors: CHAT_ERRORS },
  {
    method: 'POST',
    path: '/v1/sessions/{sessionId}/streamMessage',
    operation: 'StreamMessage',
    summary: 'Stream an AI answer',
    tag: 'Chat',
    auth: 'none',
    unwrap: ['streamMessage'],
    errors: [400, 404, 500],
    stream: 'sse',
  },
  { method: 'POST', path: '/v1/sessions/{sessionId}/uploads', operation: 'CreateUploadUrl', summary: "Get an upload URL for the session's file input", tag: 'Chat', auth: 'none', unwrap: ['createUploadUrl'], omitNull: true, errors: CHAT_ERRORS },
  { method: 'POST', path: '/v1/sessions/{sessionId}/clientLogs', operation: 'SaveClientLogs', summary: 'Save logs', tag: 'Chat', auth: 'none', unwrap: ['saveClientLogs'], errors: CHAT_ERRORS },
  { method: 'POST', path: '/v1/bots/{botId}/preview/startChat', operation: 'StartPreviewChat', summary: 'Start preview chat', tag: 'Chat', auth: 'optional', unwrap: ['startPreviewChat'], omitNull: true, bodyLimit: 'bot', errors: CHAT_ERRORS },
  // Wait-for-webhook (Parley): the whole JSON body is the payload
  { method: 'POST', path: '/v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook', operation: 'ExecuteWebhook', summary: 'Resume a conversation waiting on a wait-for-webhook block', tag: 'Chat', auth: 'bearer', unwrap: ['executeWebhook'], wholeBody: 'payload', errors: BUILDER_ERRORS },
  // API tokens (Parley)
  { method: 'GET', path: '/v1/users/me/api-tokens', operation: 'ListApiTokens', summary: 'List my API tokens', tag: 'User', auth: 'bearer', errors: [401, 500] },
  { method: 'POST', path: '/v1/users/me/api-tokens', operation: 'CreateApiToken', summary: 'Create an API token (shown once)', tag: 'User', auth: 'bearer', unwrap: ['createApiToken'], errors: [400, 401, 500] },
  { method: 'DELETE', path: '/v1/users/me/api-tokens/{tokenId}', operation: 'RevokeApiToken', summary: 'Revoke an API token', tag: 'User', auth: 'bearer', errors: [401, 404, 500] },
];
