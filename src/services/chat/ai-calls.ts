import type { Db } from '../../db/client';
import type { AiChatRequest } from '../../engine/contracts';
import type { AiCall } from '../../integrations/ai/call';
import { DEFAULT_BASE_URLS } from '../../integrations/ai/providers';
import { resolveCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';

/** One spelling of a base URL for comparing: no trailing slashes. */
const sameBase = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * The call an AI block's request becomes: the API key of its credentials,
 * looked up in the bot's own workspace only (another workspace's id reads as
 * missing), sent to the credentials' base URL, else the provider's. A stored
 * key goes nowhere else (docs/security.md#previews-and-stored-credentials): a block
 * that names another base URL would send it to whoever the bot's author
 * chose, so its call is refused with the reason, as is any call of a session
 * that may not use stored credentials (`withheld`: why, from
 * preview-credentials.ts). Undefined when the credentials cannot be found.
 */
export async function resolveAiCall(
  db: Db,
  secrets: SecretBox,
  session: { workspaceId: string; withheld: string | null },
  request: AiChatRequest,
): Promise<AiCall | { refused: string } | undefined> {
  if (session.withheld) return { refused: session.withheld };
  const { workspaceId } = session;
  const credentials = await resolveCredentials(db, secrets, workspaceId, request.credentialsId, request.provider);
  if (!credentials) return undefined;
  const { credentialsId: _id, baseUrl: asked, ...rest } = request;
  const baseUrl = credentials.baseUrl ?? DEFAULT_BASE_URLS[request.provider];
  if (asked !== undefined && asked.trim() !== '' && sameBase(asked) !== sameBase(baseUrl))
    return {
      refused:
        `This block's base URL (${asked}) is not its credentials' (${baseUrl}): a stored API key is only sent to ` +
        "its credentials' base URL. Set the base URL on the credentials, or clear it in the block",
    };
  return { ...rest, apiKey: credentials.apiKey, baseUrl };
}
