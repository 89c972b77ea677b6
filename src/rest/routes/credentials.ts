import { builderRoutes } from './group';

// Parley's; credentials data is write-only.
export const credentialsRoutes = builderRoutes('Workspace', [
  {
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/credentials',
    operation: 'CreateCredentials',
    summary:
      'Store credentials (encrypted; type smtp, openai, anthropic, mistral, groq, together-ai, open-router, deepseek, perplexity, http, stripe, whatsApp, telegram)',
  },
  {
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/credentials',
    operation: 'ListCredentials',
    summary:
      "List credentials (never their data); whatsApp and telegram ones with their channel's webhookPath and verifyToken (WhatsApp's, for Meta's dashboard)",
  },
  {
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}',
    operation: 'DeleteCredentials',
    summary: 'Delete credentials',
    unwrap: ['deleteCredentials'],
  },
  {
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/credentials/{credentialsId}/telegram/webhook',
    operation: 'ConnectTelegramWebhook',
    summary:
      "Register the connection's webhook address with Telegram (setWebhook) for telegram credentials, with the connection's secret token; body {webhookUrl?}: the connection's own address on the console origin (the default), anything else is refused",
    unwrap: ['connectTelegramWebhook'],
  },
]);
