// Sends a channel's requests to its provider (WhatsApp Cloud API, Telegram
// Bot API) through the outbound client, so the guard against non-public
// addresses applies to them as to every request Parley makes (a deployment
// allow-lists its stand-ins with PARLEY_OUTBOUND_ALLOW). Each call has a
// timeout and reads as an outcome the outbox can act on, never a throw.
// The token is part of Telegram's URLs and of WhatsApp's headers: it appears
// in no outcome, and nothing here logs.
import type { OutboundClient } from '../http/client';
import {
  addressed,
  deadline,
  describeRequest,
  parseJson,
  type ProviderAccount,
  type ProviderRequest,
} from './exchange';
import { downloadMedia, type MediaOutcome } from './media-download';
import { failureOfAnswer, failureOfError, type SendOutcome } from './outcome';

export type { ProviderAccount, ProviderKind, ProviderRequest } from './exchange';
export type { MediaOutcome } from './media-download';
export type { ProviderFailure, SendOutcome } from './outcome';

export interface ProviderClient {
  send(account: ProviderAccount, request: ProviderRequest, signal?: AbortSignal): Promise<SendOutcome>;
  /** A media file a person sent (WhatsApp media id, Telegram file id), refused past `maxBytes`. */
  downloadMedia(
    account: ProviderAccount,
    mediaId: string,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<MediaOutcome>;
}

export interface ProviderClientOptions {
  outbound: OutboundClient;
  /** The time one API call may take. */
  timeoutMs?: number;
  /** The time a media file's download may take (its look-up counts as an API call). */
  mediaTimeoutMs?: number;
}

/** Telegram answers `ok: false` (with its own error code) for a refused call. */
function telegramRefusal(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const answer = body as { ok?: unknown; error_code?: unknown };
  if (answer.ok !== false) return undefined;
  return typeof answer.error_code === 'number' ? answer.error_code : 400;
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const { outbound } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const mediaTimeoutMs = options.mediaTimeoutMs ?? 60_000;

  async function send(account: ProviderAccount, request: ProviderRequest, signal?: AbortSignal): Promise<SendOutcome> {
    const what = describeRequest(account, request.method, request.path);
    const { url, headers } = addressed(account, request.path);
    const limit = deadline(timeoutMs, signal);
    try {
      const response = await outbound.request({
        url,
        method: request.method,
        headers: {
          ...headers,
          Accept: 'application/json',
          ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: limit.signal,
      });
      const body = parseJson(response.body);
      const refused = account.kind === 'telegram' ? telegramRefusal(body) : undefined;
      if (response.status < 200 || response.status >= 300 || refused !== undefined)
        return failureOfAnswer(refused ?? response.status, response.headers, body, what, account.token);
      return { ok: true, body };
    } catch (error) {
      return failureOfError(error, what, account.token, limit.timedOut());
    }
  }

  return {
    send,
    downloadMedia: (account, mediaId, maxBytes, signal) =>
      downloadMedia({ outbound, send, timeoutMs: mediaTimeoutMs }, account, mediaId, maxBytes, signal),
  };
}
