import Router from '@koa/router';
import type { Context } from 'koa';
import { silentLogger, type Logger } from '../observability/logger';
import { createAdmission, type AdmissionLimits } from '../services/channels/admission';
import type { ChannelKind } from '../services/channels/channel';
import { receiveWebhook, whatsAppSubscription, type WebhookDeps } from '../services/channels/webhook';
import { readRawBody } from './middleware/body';

// The messaging providers' webhooks. A provider's call is not a GraphQL
// operation: its signature covers the body's raw bytes, which no JSON parser
// may touch first. So these handlers read the bytes themselves and call the
// channels' webhook service directly (an exception to "HTTP reaches services
// through GraphQL", in .dependency-cruiser.cjs).

export interface ChannelWebhooksOptions extends Omit<WebhookDeps, 'admission'> {
  /** The most a webhook body may weigh (413 beyond). */
  bodyLimit: number;
  /** Each connection's cap and rate limit (none when absent). */
  limits?: AdmissionLimits;
  /** Wakes the conversation processor once new events are stored and the provider answered. */
  onReceived?: () => void;
  logger?: Logger;
}

const PATHS: { [Kind in ChannelKind]: string } = {
  whatsApp: '/v1/workspaces/:workspaceId/whatsapp/:credentialsId/webhook',
  telegram: '/v1/workspaces/:workspaceId/telegram/:credentialsId/webhook',
};

const REFUSED = {
  full: 'Too many messages of this connection wait to be answered, retry later',
  rate: 'Too many messages for this connection, retry later',
} as const;

/** Node gives a repeated header or query parameter as a list: never what a provider sends, so it is left unread. */
function singleValues(record: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) if (typeof value === 'string') values[name] = value;
  return values;
}

function target(ctx: Context): { workspaceId: string; credentialsId: string } {
  const { workspaceId, credentialsId } = ctx.params as Record<string, string>;
  return { workspaceId: workspaceId!, credentialsId: credentialsId! };
}

export function createChannelWebhooksRouter(options: ChannelWebhooksOptions): Router {
  const { bodyLimit, onReceived = () => undefined, logger = silentLogger } = options;
  const admission = options.limits && createAdmission(options.limits);
  const deps: WebhookDeps = { db: options.db, secrets: options.secrets, admission };
  const router = new Router();

  router.get(PATHS.whatsApp, async (ctx) => {
    const challenge = await whatsAppSubscription(deps, { ...target(ctx), query: singleValues(ctx.query) });
    ctx.type = 'text/plain';
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = challenge;
  });

  for (const kind of Object.keys(PATHS) as ChannelKind[]) {
    router.post(PATHS[kind], async (ctx) => {
      const rawBody = await readRawBody(ctx.req, bodyLimit);
      const call = {
        kind,
        ...target(ctx),
        rawBody,
        headers: singleValues(ctx.headers),
        query: singleValues(ctx.query),
      };
      const outcome = await receiveWebhook(deps, call);
      if ('refused' in outcome) {
        const { reason, retryAfterSeconds } = outcome.refused;
        logger.warn(
          { channel: kind, credentialsId: call.credentialsId, reason, messages: outcome.messages },
          'channel webhook update refused: the connection is over its limit',
        );
        // 429, not 200: the provider delivers the update again later, so nothing is lost (docs/channels.md#fairness).
        ctx.status = 429;
        ctx.set('Retry-After', String(retryAfterSeconds));
        ctx.body = { code: 'TOO_MANY_REQUESTS', message: REFUSED[reason], issues: [] };
        return;
      }
      ctx.body = {};
      if (outcome.stored === 0) return;
      const wake = () => {
        try {
          onReceived();
        } catch (error) {
          logger.error({ err: error, channel: kind }, 'waking the channel processor failed');
        }
      };
      // After the answer has gone: the provider is never kept waiting on the processor.
      if (ctx.res.destroyed) wake();
      else ctx.res.once('close', wake);
    });
  }

  return router;
}
