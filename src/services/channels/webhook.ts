// A provider's webhook call, HTTP aside: the connection's credentials found
// and decrypted, the request proved to come from the provider, its update read
// and its messages stored in the inbox (committed before the provider hears
// back: what it was told it delivered is never lost), unless the connection's
// limits refuse the whole update (admission.ts). Unknown credentials,
// another workspace's or another kind's are refused exactly as a bad
// signature is, so that an id cannot be probed.
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { resolveCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';
import type { CredentialsData } from '../credentials/types';
import type { ChannelKind, WebhookRequest } from './channel';
import type { Admission, Refusal } from './admission';
import { receiveEvents } from './inbox';
import { recordChannelEvents } from '../../observability/channel-metrics';
import { CHANNELS } from './registry';
import { whatsAppSubscriptionChallenge } from './whatsapp/subscription';

export interface WebhookDeps {
  db: Db;
  secrets: SecretBox;
  /** The connections' limits; every verified update is stored without it. */
  admission?: Admission;
}

/** What became of a verified update: how many of its messages were new, or why it was refused whole. */
export type WebhookOutcome = { stored: number } | { refused: Refusal; messages: number };

/** One webhook request as the HTTP layer read it. */
export interface WebhookCall {
  kind: ChannelKind;
  workspaceId: string;
  credentialsId: string;
  /** The body's bytes as received: the signature covers them, not a re-serialisation. */
  rawBody: Buffer;
  headers: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string | undefined>>;
}

const UNVERIFIED = 'Webhook request not verified';

/** Each channel's check, typed by kind (CHANNELS alone loses the kind↔credentials link under a generic kind). */
const VERIFIERS: { [Kind in ChannelKind]: (request: WebhookRequest, credentials: CredentialsData<Kind>) => boolean } = {
  whatsApp: (request, credentials) => CHANNELS.whatsApp.verify(request, credentials),
  telegram: (request, credentials) => CHANNELS.telegram.verify(request, credentials),
};

function fromProvider<Kind extends ChannelKind>(
  kind: Kind,
  request: WebhookRequest,
  credentials: CredentialsData<Kind> | undefined,
): boolean {
  return credentials !== undefined && VERIFIERS[kind](request, credentials);
}

/**
 * Meta's check of a WhatsApp webhook address: the challenge to echo when the
 * verify token is the connection's; FORBIDDEN otherwise.
 */
export async function whatsAppSubscription(
  deps: WebhookDeps,
  call: Pick<WebhookCall, 'workspaceId' | 'credentialsId' | 'query'>,
): Promise<string> {
  const credentials = await resolveCredentials(deps.db, deps.secrets, call.workspaceId, call.credentialsId, 'whatsApp');
  const challenge = credentials && whatsAppSubscriptionChallenge(call.query, credentials.verifyToken);
  if (challenge === undefined) throw new AppError('FORBIDDEN', 'Webhook verification refused');
  return challenge;
}

/**
 * Verifies and stores one update; answers how many of its messages were new
 * (0 for a status update or a re-delivery), or the refusal of the connection's
 * limits (nothing stored). UNAUTHORIZED, nothing stored, when the request is
 * not the provider's.
 */
export async function receiveWebhook(deps: WebhookDeps, call: WebhookCall, now = new Date()): Promise<WebhookOutcome> {
  const { kind, workspaceId, credentialsId } = call;
  const credentials = await resolveCredentials(deps.db, deps.secrets, workspaceId, credentialsId, kind);
  if (!fromProvider(kind, { rawBody: call.rawBody, headers: call.headers }, credentials))
    throw new AppError('UNAUTHORIZED', UNVERIFIED);
  let update: unknown;
  try {
    update = JSON.parse(call.rawBody.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  // Another number of the same Meta app: not this connection's to answer.
  const account = kind === 'whatsApp' ? (credentials as CredentialsData<'whatsApp'>).phoneNumberId : undefined;
  const messages = CHANNELS[kind]
    .parse(update, now.getTime())
    .filter((message) => message.recipient === undefined || message.recipient === account);
  const refused = await deps.admission?.admit(deps.db, credentialsId, messages.length);
  if (refused) {
    recordChannelEvents(kind, 'refused', messages.length);
    return { refused, messages: messages.length };
  }
  const stored = await receiveEvents(deps.db, credentialsId, kind, messages, now);
  recordChannelEvents(kind, 'received', stored);
  return { stored };
}
