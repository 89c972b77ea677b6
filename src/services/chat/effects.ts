import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { jsonOrText } from '../../engine/json';
import { MAX_EMAILS_PER_CONVERSATION } from '../../engine/blocks/integrations/email/block';
import type { Effect, EffectResult } from '../../engine/effects';
import type { EmailSpec, HttpResponseData } from '../../engine/contracts';
import type { TranscriptTurn } from '../../engine/session';
import type { SmtpSender, SmtpSettings } from '../../integrations/email/smtp';
import type { AiClient } from '../../integrations/ai/client';
import { AiProviderError } from '../../integrations/ai/call';
import type { OutboundHttp } from '../../integrations/http/client';
import { qrCodeDataUrl } from '../../integrations/qr-code';
import { recordChatEffect } from '../../observability/metrics';
import { OutboundRefused } from '../../integrations/http/guard';
import { resolveCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';
import { isUniqueViolation } from '../prisma-errors';
import { resolveAiCall } from './ai-calls';
import { loadLinkedBot, type BotLibrary } from './bot-loader';

// The effect runner: performs what the engine described (loading a linked bot
// today; HTTP requests, e-mail and AI completions with the integration blocks),
// each under its own timeout, and turns every failure into an outcome the
// engine's block handles. Nothing here writes: the turn commits once, at the end.

export interface EffectScope {
  db: Db;
  workspaceId: string;
  isPreview: boolean;
  /** Why the session may not use the workspace's stored credentials (preview-credentials.ts), or null. */
  credentialsWithheld: string | null;
  /** Definitions the turn may resolve; a loaded bot is added to it. */
  library: BotLibrary;
  /** The first `lines` lines of the session's transcript that earlier turns wrote out (none for a session not stored yet). */
  transcript(lines: number): Promise<TranscriptTurn[]>;
  /** Aborted when the effect's time is up. */
  signal: AbortSignal;
}

type PerformerOf<T extends Effect['type']> = (
  effect: Extract<Effect, { type: T }>,
  scope: EffectScope,
) => Promise<EffectResult>;

/** One performer per effect kind: a new kind does not compile until it has one. */
export type EffectPerformers = { [T in Effect['type']]: PerformerOf<T> };

export interface EffectTimeouts {
  /** When the block sets none. */
  defaultMs: number;
  /** The most any block may ask for. */
  maxMs: number;
}

export const DEFAULT_EFFECT_TIMEOUTS: EffectTimeouts = { defaultMs: 10_000, maxMs: 120_000 };

export interface PerformerDeps {
  outbound: OutboundHttp;
  ai: AiClient;
  smtp: SmtpSender;
  secrets: SecretBox;
  /** The server's own SMTP settings (SMTP_*), used by blocks whose credentials are `default`. */
  serverSmtp?: SmtpSettings;
}

/** The SMTP settings an e-mail is sent with: the server's, or the bot workspace's credentials. */
async function smtpSettingsFor(
  email: EmailSpec,
  deps: PerformerDeps,
  scope: EffectScope,
): Promise<SmtpSettings | undefined> {
  if (email.credentialsId === 'default') return deps.serverSmtp;
  const stored = await resolveCredentials(scope.db, deps.secrets, scope.workspaceId, email.credentialsId, 'smtp');
  return (
    stored && {
      host: stored.host,
      port: stored.port,
      username: stored.username,
      password: stored.password,
      secure: stored.isTlsEnabled,
      from: stored.from,
    }
  );
}

/**
 * Sends an e-mail at most once per conversation and a few per conversation:
 * the e-mail is recorded (by a key of its content and conversation) before it
 * is sent, so a retried turn finds it sent; a failed send removes the record.
 */
async function sendEmailOnce(email: EmailSpec, deps: PerformerDeps, scope: EffectScope): Promise<EffectResult> {
  const settings = await smtpSettingsFor(email, deps, scope);
  if (!settings) return { type: 'sendEmail', outcome: 'no-credentials' };
  if ((await scope.db.sentEmail.count({ where: { scope: email.conversation } })) >= MAX_EMAILS_PER_CONVERSATION)
    return { type: 'sendEmail', outcome: 'limit-reached' };
  const key = crypto.createHash('sha256').update(JSON.stringify(email)).digest('hex');
  try {
    await scope.db.sentEmail.create({ data: { key, scope: email.conversation } });
  } catch (error) {
    if (isUniqueViolation(error, 'key')) return { type: 'sendEmail', outcome: 'already-sent' };
    throw error;
  }
  try {
    const { to, cc, bcc, replyTo, fromName, subject, body } = email;
    await deps.smtp.send(
      settings,
      { to, cc, bcc, replyTo, fromName, subject, [body.kind]: body.content },
      { trusted: email.credentialsId === 'default' },
    );
    return { type: 'sendEmail', outcome: 'sent' };
  } catch (error) {
    await scope.db.sentEmail.deleteMany({ where: { key } });
    return { type: 'sendEmail', outcome: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The real performers: the database for linked bots, the guarded HTTP client for requests, SMTP for e-mail. */
export function createPerformers(deps: PerformerDeps): EffectPerformers {
  const { outbound } = deps;
  return {
    sendEmail: (effect, scope) => sendEmailOnce(effect.email, deps, scope),
    async loadBot(effect, scope) {
      const linked = await loadLinkedBot(scope.db, effect.botId, scope.workspaceId, scope.isPreview);
      if (linked) scope.library.add(linked.ref, linked.bot);
      return { type: 'loadBot', bot: linked?.bot ?? null, ref: linked?.ref ?? null };
    },
    async qrCode(effect) {
      return { type: 'qrCode', url: await qrCodeDataUrl(effect.data) };
    },
    async loadTranscript(effect, scope) {
      return { type: 'loadTranscript', lines: await scope.transcript(effect.lines) };
    },
    async aiChat(effect, scope) {
      const session = { workspaceId: scope.workspaceId, withheld: scope.credentialsWithheld };
      const call = await resolveAiCall(scope.db, deps.secrets, session, effect.request);
      if (!call) return { type: 'aiChat', outcome: 'no-credentials' };
      if ('refused' in call) return { type: 'aiChat', outcome: 'withheld', message: call.refused };
      try {
        const answer = await deps.ai.complete(call, scope.signal);
        return { type: 'aiChat', outcome: 'ok', ...answer };
      } catch (error) {
        if (!(error instanceof AiProviderError) || scope.signal.aborted) throw error;
        return {
          type: 'aiChat',
          outcome: 'error',
          message: error.message,
          ...(error.status !== undefined ? { status: error.status } : {}),
          ...(error.details ? { details: error.details } : {}),
        };
      }
    },
    async httpRequest(effect, scope) {
      let answer: HttpResponseData;
      try {
        const response = await outbound({ ...effect.request, signal: scope.signal });
        answer = { statusCode: response.status, data: jsonOrText(response.body) };
      } catch (error) {
        if (error instanceof OutboundRefused) {
          return {
            type: 'httpRequest',
            statusCode: 400,
            data: { message: `Security validation failed: ${error.message}` },
            refusal: error.message,
          };
        }
        if (scope.signal.aborted) throw error;
        answer = { statusCode: 500, data: { message: error instanceof Error ? error.message : String(error) } };
      }
      return { type: 'httpRequest', ...answer };
    },
  };
}

function timeoutOf(effect: Effect, timeouts: EffectTimeouts): number {
  const asked = effect.timeoutMs && effect.timeoutMs > 0 ? effect.timeoutMs : timeouts.defaultMs;
  return Math.min(asked, timeouts.maxMs);
}

/** How an effect ended, as the metrics count it. */
function outcomeOf(result: EffectResult): string {
  switch (result.type) {
    case 'failed':
      return result.reason;
    case 'httpRequest':
      return result.refusal ? 'refused' : result.statusCode < 400 ? 'ok' : 'error';
    case 'sendEmail':
    case 'aiChat':
      return result.outcome;
    case 'loadBot':
      return result.bot ? 'ok' : 'missing';
    case 'qrCode':
    case 'loadTranscript':
      return 'ok';
  }
}

/** Performs one effect; a timeout or a failure of the performer becomes a `failed` outcome, never an exception. */
export async function performEffect(
  effect: Effect,
  performers: EffectPerformers,
  scope: Omit<EffectScope, 'signal'>,
  timeouts: EffectTimeouts,
): Promise<EffectResult> {
  const ms = timeoutOf(effect, timeouts);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<EffectResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({
        type: 'failed',
        effect: effect.type,
        reason: 'timeout',
        message: `Request timed out. (${ms / 1000}s)`,
      });
    }, ms);
  });
  const perform = performers[effect.type] as PerformerOf<Effect['type']>;
  const performed = perform(effect, { ...scope, signal: controller.signal }).catch((error: unknown): EffectResult => ({
    type: 'failed',
    effect: effect.type,
    reason: 'error',
    message: error instanceof Error ? error.message : String(error),
  }));
  try {
    const result = await Promise.race([performed, timedOut]);
    recordChatEffect(effect.type, outcomeOf(result));
    return result;
  } finally {
    clearTimeout(timer);
  }
}
