import { builderRoutes, CHAT_ERRORS, routeGroup } from './group';

// The chat runtime, documented by Typebot: public, and answers only 200, 400 and 500.
export const chatRoutes = routeGroup({ tag: 'Chat', auth: 'none', errors: CHAT_ERRORS }, [
  {
    method: 'POST',
    path: '/v1/bots/{publicId}/startChat',
    operation: 'StartChat',
    summary: 'Start chat',
    unwrap: ['startChat'],
    omitNull: true,
  },
  {
    method: 'POST',
    path: '/v1/sessions/{sessionId}/continueChat',
    operation: 'ContinueChat',
    summary: 'Continue chat',
    unwrap: ['continueChat'],
    omitNull: true,
  },
  {
    method: 'POST',
    path: '/v1/sessions/{sessionId}/streamMessage',
    operation: 'StreamMessage',
    summary: 'Stream an AI answer',
    unwrap: ['streamMessage'],
    errors: [400, 404, 500],
    stream: 'sse',
  },
  {
    method: 'GET',
    path: '/v1/sessions/{sessionId}/events',
    operation: 'SessionEvents',
    summary: "Follow a session handed to a person: the agents' messages, typing, the hand-back (server-sent events)",
    unwrap: ['sessionEvents'],
    stream: 'sse',
    omitNull: true,
    resumeFrom: 'after',
    // Not waiting for a person (404), and the visitor's cap of open streams (429).
    errors: [400, 404, 429, 500],
  },
  {
    method: 'POST',
    path: '/v1/sessions/{sessionId}/uploads',
    operation: 'CreateUploadUrl',
    summary: "Get an upload URL for the session's file input",
    unwrap: ['createUploadUrl'],
    omitNull: true,
  },
  {
    method: 'POST',
    path: '/v1/sessions/{sessionId}/clientLogs',
    operation: 'SaveClientLogs',
    summary: 'Save logs',
    unwrap: ['saveClientLogs'],
  },
  {
    method: 'POST',
    path: '/v1/bots/{botId}/preview/startChat',
    operation: 'StartPreviewChat',
    summary: 'Start preview chat',
    auth: 'optional',
    unwrap: ['startPreviewChat'],
    omitNull: true,
    bodyLimit: 'bot',
  },
]);

// Parley's wait-for-webhook: a builder call (bearer) whose whole JSON body is the payload.
export const webhookRoutes = builderRoutes('Chat', [
  {
    method: 'POST',
    path: '/v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook',
    operation: 'ExecuteWebhook',
    summary: 'Resume a conversation waiting on a wait-for-webhook block',
    unwrap: ['executeWebhook'],
    wholeBody: 'payload',
  },
]);
