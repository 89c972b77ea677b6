// A media file a person sent to a channel, in two steps: the provider tells
// where the file is (WhatsApp: GET /{media-id} → a URL on Meta's CDN, fetched
// with the same bearer token; Telegram: getFile → a path under
// /file/bot<token>/), then its bytes are read up to a cap and no further.
import type { OutboundClient } from '../http/client';
import {
  addressed,
  deadline,
  describeRequest,
  parseJson,
  type ProviderAccount,
  type ProviderRequest,
} from './exchange';
import {
  failureOfAnswer,
  failureOfError,
  type ProviderFailure,
  type ProviderOutcome,
  type SendOutcome,
} from './outcome';

export type MediaOutcome = ProviderOutcome<{ bytes: Buffer; contentType: string }> | ProviderFailure;

export interface MediaDeps {
  outbound: OutboundClient;
  send(account: ProviderAccount, request: ProviderRequest, signal?: AbortSignal): Promise<SendOutcome>;
  timeoutMs: number;
}

/** Where the bytes are, as the provider's look-up answered. */
interface Located {
  url: string;
  headers: Record<string, string>;
  what: string;
  mimeType?: string;
  size?: number;
}

function field(body: unknown, ...path: string[]): unknown {
  let value = body;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as never)[key] : undefined;
  return value;
}

function malformed(what: string): ProviderFailure {
  return { ok: false, retryable: false, error: `${what}: the provider's answer names no file` };
}

function tooLarge(what: string, maxBytes: number): ProviderFailure {
  return { ok: false, retryable: false, error: `${what}: the file is larger than ${maxBytes} bytes` };
}

async function locate(
  deps: MediaDeps,
  account: ProviderAccount,
  mediaId: string,
  signal?: AbortSignal,
): Promise<Located | ProviderFailure> {
  const id = encodeURIComponent(mediaId);
  const path = account.kind === 'whatsApp' ? `/${id}` : `/getFile?file_id=${id}`;
  const found = await deps.send(account, { method: 'GET', path }, signal);
  if (!found.ok) return found;
  if (account.kind === 'whatsApp') {
    const url = field(found.body, 'url');
    if (typeof url !== 'string') return malformed(describeRequest(account, 'GET', path));
    const mimeType = field(found.body, 'mime_type');
    const size = field(found.body, 'file_size');
    return {
      url,
      headers: { Authorization: `Bearer ${account.token}` },
      what: 'WhatsApp media download',
      mimeType: typeof mimeType === 'string' ? mimeType : undefined,
      size: typeof size === 'number' ? size : undefined,
    };
  }
  const filePath = field(found.body, 'result', 'file_path');
  if (typeof filePath !== 'string') return malformed(describeRequest(account, 'GET', path));
  const size = field(found.body, 'result', 'file_size');
  const { url, headers } = addressed({ ...account, baseUrl: `${account.baseUrl}/file` }, `/${filePath}`);
  return { url, headers, what: 'Telegram file download', size: typeof size === 'number' ? size : undefined };
}

/** The bytes of `body`, or undefined once past `maxBytes` (the rest is not read: the connection is closed). */
async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const ERROR_BODY_BYTES = 64 * 1024;

export async function downloadMedia(
  deps: MediaDeps,
  account: ProviderAccount,
  mediaId: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<MediaOutcome> {
  const located = await locate(deps, account, mediaId, signal);
  if ('ok' in located) return located;
  const { what } = located;
  if (located.size !== undefined && located.size > maxBytes) return tooLarge(what, maxBytes);
  const limit = deadline(deps.timeoutMs, signal);
  try {
    const response = await deps.outbound.stream({
      url: located.url,
      method: 'GET',
      headers: located.headers,
      signal: limit.signal,
    });
    if (response.status < 200 || response.status >= 300) {
      const text = (await readCapped(response.body, ERROR_BODY_BYTES))?.toString('utf8') ?? '';
      return failureOfAnswer(response.status, response.headers, parseJson(text), what, account.token);
    }
    const bytes = await readCapped(response.body, maxBytes);
    if (!bytes) return tooLarge(what, maxBytes);
    const header = response.headers['content-type'];
    const contentType =
      header && header !== 'application/octet-stream'
        ? header
        : (located.mimeType ?? header ?? 'application/octet-stream');
    return { ok: true, bytes, contentType };
  } catch (error) {
    return failureOfError(error, what, account.token, limit.timedOut());
  }
}
