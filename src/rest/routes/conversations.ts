import { BUILDER_ERRORS, builderRoutes } from './group';

// Conversations handed to people by Handoff blocks (docs/handoff.md): the inbox.
export const conversationRoutes = builderRoutes('Conversations', [
  {
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/conversations',
    operation: 'ListConversations',
    summary: 'List the conversations handed to people (status: waiting, active or closed; none: the open ones)',
  },
  {
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/conversations/live',
    operation: 'WatchConversations',
    summary: 'Live inbox: one event per change of a conversation (waiting, taken, message, typing, released, closed)',
    unwrap: ['inboxEvents'],
    stream: 'sse',
    omitNull: true,
    errors: [...BUILDER_ERRORS, 429],
  },
  {
    method: 'GET',
    path: '/v1/conversations/{conversationId}',
    operation: 'GetConversation',
    summary: 'Get a conversation with its messages and variables',
    unwrap: ['conversation'],
  },
  {
    method: 'POST',
    path: '/v1/conversations/{conversationId}/take',
    operation: 'TakeConversation',
    summary: 'Take a waiting conversation',
    unwrap: ['takeConversation'],
    errors: [...BUILDER_ERRORS, 409],
  },
  {
    method: 'POST',
    path: '/v1/conversations/{conversationId}/messages',
    operation: 'SendConversationMessage',
    summary: 'Write to the visitor',
    unwrap: ['sendConversationMessage'],
    errors: [...BUILDER_ERRORS, 409],
  },
  {
    method: 'POST',
    path: '/v1/conversations/{conversationId}/release',
    operation: 'ReleaseConversation',
    summary: "Hand the conversation back to the bot (at groupId, else along the Handoff block's outgoing edge)",
    unwrap: ['releaseConversation'],
    errors: [...BUILDER_ERRORS, 409],
  },
  {
    method: 'POST',
    path: '/v1/conversations/{conversationId}/close',
    operation: 'CloseConversation',
    summary: 'Close the conversation (the bot does not go on; the result is completed)',
    unwrap: ['closeConversation'],
    errors: [...BUILDER_ERRORS, 409],
  },
]);
