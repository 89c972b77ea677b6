import type { Db } from '../../db/client';
import type { AiChatRequest } from '../../engine/contracts';
import type { AiCall } from '../../integrations/ai/call';
import { DEFAULT_BASE_URLS } from '../../integrations/ai/providers';
import { resolveCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';

/**
 * The call an AI block's request becomes: the API key of its credentials,
 * looked up in the bot's own workspace only (another workspace's id reads as
 * missing), and the base URL of the credentials, else the block's, else the
 * provider's. Undefined when the credentials cannot be found.
 */
export async function resolveAiCall(
  db: Db,
  secrets: SecretBox,
  workspaceId: string,
  request: AiChatRequest,
): Promise<AiCall | undefined> {
  const credentials = await resolveCredentials(db, secrets, workspaceId, request.credentialsId, request.provider);
  if (!credentials) return undefined;
  const { credentialsId: _id, baseUrl, ...rest } = request;
  return {
    ...rest,
    apiKey: credentials.apiKey,
    baseUrl: credentials.baseUrl ?? baseUrl ?? DEFAULT_BASE_URLS[request.provider],
  };
}
