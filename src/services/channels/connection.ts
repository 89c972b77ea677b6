// A channel connection as the builder sees it in the console: where its
// provider must post (the webhook path on the API origin), WhatsApp's verify
// token to paste in Meta's dashboard, how its inbox and outbox are doing, and
// Telegram's webhook registered for it (Telegram, unlike Meta, is told the
// address through its API).
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { ProviderClient } from '../../integrations/messaging/provider-client';
import { resolveCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';
import type { ChannelKind } from './channel';
import type { ProviderApiUrls } from './channel-credentials';

/** What connecting Telegram's webhook needs: the server's allow-listed provider client and the APIs' addresses. */
export interface ChannelConnectDeps {
  provider: Pick<ProviderClient, 'send'>;
  apiUrls: ProviderApiUrls;
}

/** A channel's credentials, as the connection's fields resolve from them. */
export interface ConnectionRef {
  kind: ChannelKind;
  credentialsId: string;
  workspaceId: string;
}

export interface ConnectionHealth {
  /** When the newest event of the connection was received. */
  lastEventAt: Date | null;
  /** The error of the newest delivery given up. */
  lastDeliveryError: string | null;
  /** Events received and not processed yet. */
  pendingEvents: number;
}

/** The updates Parley's channels read (messages and inline-keyboard answers). */
export const TELEGRAM_ALLOWED_UPDATES = ['message', 'callback_query'] as const;

const PATH_SEGMENT: Record<ChannelKind, string> = { whatsApp: 'whatsapp', telegram: 'telegram' };

export function isChannelKind(type: string): type is ChannelKind {
  return type === 'whatsApp' || type === 'telegram';
}

/** The connection behind credentials of a channel's type; null for any other credentials (no query for them). */
export async function connectionOf(db: Db, credentials: { id: string; type: string }): Promise<ConnectionRef | null> {
  const kind = credentials.type;
  if (!isChannelKind(kind)) return null;
  const row = await db.credentials.findUnique({ where: { id: credentials.id }, select: { workspaceId: true } });
  return row ? { kind, credentialsId: credentials.id, workspaceId: row.workspaceId } : null;
}

/** Where the provider posts updates, on the console/API origin (src/http/channel-webhooks.ts serves it). */
export function webhookPath(connection: ConnectionRef): string {
  const { workspaceId, credentialsId, kind } = connection;
  return `/v1/workspaces/${encodeURIComponent(workspaceId)}/${PATH_SEGMENT[kind]}/${encodeURIComponent(credentialsId)}/webhook`;
}

/**
 * WhatsApp's verify token (Meta echoes it when it checks the webhook address):
 * a shared check value the builder pastes in Meta's dashboard, not a credential.
 * Null for Telegram, and for credentials that no longer decrypt.
 */
export async function verifyTokenOf(db: Db, secrets: SecretBox, connection: ConnectionRef): Promise<string | null> {
  if (connection.kind !== 'whatsApp') return null;
  const data = await resolveCredentials(db, secrets, connection.workspaceId, connection.credentialsId, 'whatsApp');
  return data?.verifyToken ?? null;
}

export async function connectionHealth(db: Db, credentialsId: string): Promise<ConnectionHealth> {
  const [lastEvent, lastFailure, pendingEvents] = await Promise.all([
    db.channelEvent.findFirst({ where: { credentialsId }, orderBy: { id: 'desc' }, select: { receivedAt: true } }),
    db.channelDelivery.findFirst({
      where: { credentialsId, status: 'failed' },
      orderBy: { id: 'desc' },
      select: { error: true },
    }),
    db.channelEvent.count({ where: { credentialsId, status: 'pending' } }),
  ]);
  return {
    lastEventAt: lastEvent?.receivedAt ?? null,
    lastDeliveryError: lastFailure ? (lastFailure.error ?? 'Delivery failed') : null,
    pendingEvents,
  };
}

const WEBHOOK_URL_ISSUE = 'must be this connection’s webhook address on the console origin';

/**
 * The address Telegram may be told: the connection's own webhook on the
 * console origin (what the Channels tab shows), nothing else. Any other
 * address would hand the connection's secret token, and the bot's
 * conversations, to whoever answers there. `https:` is accepted in place of
 * an `http:` origin: a TLS proxy in front of a derived origin (Telegram
 * wants https). Without `webhookUrl`, the connection's own address.
 */
export function ownWebhookUrl(
  connection: ConnectionRef,
  consoleOrigin: string | undefined,
  webhookUrl: string | undefined,
): string {
  if (!consoleOrigin)
    throw badRequest('The console origin is unknown: set PARLEY_PUBLIC_URL', [
      { message: WEBHOOK_URL_ISSUE, path: ['webhookUrl'] },
    ]);
  const own = new URL(webhookPath(connection), consoleOrigin);
  if (webhookUrl === undefined) return own.href;
  let given: URL;
  try {
    given = new URL(webhookUrl.trim());
  } catch {
    throw badRequest('The webhook URL is not a URL', [{ message: 'must be an absolute URL', path: ['webhookUrl'] }]);
  }
  const schemes = own.protocol === 'http:' ? ['http:', 'https:'] : [own.protocol];
  const same =
    schemes.includes(given.protocol) &&
    given.host === own.host &&
    given.pathname === own.pathname &&
    given.username === '' &&
    given.password === '' &&
    given.search === '' &&
    given.hash === '';
  if (!same)
    throw badRequest(`The webhook URL must be ${own.href}`, [{ message: WEBHOOK_URL_ISSUE, path: ['webhookUrl'] }]);
  return given.href;
}

/**
 * Tells Telegram to post the bot's updates to the connection's webhook on the
 * console origin (`webhookUrl`, when given, must be that address:
 * ownWebhookUrl), with the connection's secret token (checked on every
 * update). The provider's refusal answers BAD_REQUEST with Telegram's own
 * description; answers Telegram's confirmation otherwise.
 */
export async function connectTelegramWebhook(
  db: Db,
  secrets: SecretBox,
  deps: ChannelConnectDeps,
  input: { workspaceId: string; credentialsId: string; webhookUrl?: string; consoleOrigin: string | undefined },
): Promise<string> {
  const connection: ConnectionRef = {
    kind: 'telegram',
    workspaceId: input.workspaceId,
    credentialsId: input.credentialsId,
  };
  const data = await resolveCredentials(db, secrets, input.workspaceId, input.credentialsId, 'telegram');
  if (!data) throw notFound('Telegram credentials not found');
  const url = ownWebhookUrl(connection, input.consoleOrigin, input.webhookUrl);
  const outcome = await deps.provider.send(
    { kind: 'telegram', baseUrl: deps.apiUrls.telegram.replace(/\/+$/, ''), token: data.botToken },
    {
      method: 'POST',
      path: '/setWebhook',
      body: { url, secret_token: data.secretToken, allowed_updates: [...TELEGRAM_ALLOWED_UPDATES] },
    },
  );
  if (!outcome.ok) throw badRequest(`Telegram refused the webhook: ${outcome.error}`);
  const body = outcome.body as { description?: unknown } | null;
  return typeof body?.description === 'string' ? body.description : 'Webhook was set';
}
