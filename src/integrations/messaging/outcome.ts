// How a provider's answer reads for the outbox: delivered, worth retrying
// later (rate limits, the provider's own failures, timeouts, lost
// connections) or refused for good (a request the provider will never take).
// Every text here is built without the account's token, and what comes from
// outside (the provider's error description) is redacted all the same.
import { OutboundError } from '../http/client';
import { OutboundRefused } from '../http/guard';

export type ProviderOutcome<T> = { ok: true } & T;

export interface ProviderFailure {
  ok: false;
  /** True when the same request may succeed later: 429, 5xx, a timeout, a lost connection. */
  retryable: boolean;
  /** The provider's HTTP status, when it answered. */
  status?: number;
  /** When the provider asked to wait (Retry-After, Telegram's `retry_after`). */
  retryAfterMs?: number;
  /** What went wrong, token-free. */
  error: string;
}

export type SendOutcome = ProviderOutcome<{ body: unknown }> | ProviderFailure;

export const REDACTED = '<redacted>';

/** `text` with every occurrence of the secret replaced. */
export function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}

/**
 * WhatsApp's throughput limits answer 400 with one of these error codes
 * (Graph API rate limit, WABA rate limit, Cloud API throughput, per-user pair
 * rate limit): the same message goes through later.
 */
const WHATSAPP_RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

/** Retry-After as seconds or an HTTP date, in ms from `now`. */
export function retryAfterOf(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

interface ErrorBody {
  /** Telegram. */
  description?: unknown;
  parameters?: { retry_after?: unknown };
  /** WhatsApp (Graph API). */
  error?: { message?: unknown; code?: unknown };
}

function asErrorBody(body: unknown): ErrorBody {
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
}

/** The failure a non-2xx answer (or Telegram's `ok: false`) stands for. */
export function failureOfAnswer(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  what: string,
  secret: string,
): ProviderFailure {
  const parsed = asErrorBody(body);
  const description =
    typeof parsed.description === 'string'
      ? parsed.description
      : typeof parsed.error?.message === 'string'
        ? parsed.error.message
        : typeof body === 'string'
          ? body
          : '';
  const rateLimited = typeof parsed.error?.code === 'number' && WHATSAPP_RATE_LIMIT_CODES.has(parsed.error.code);
  const retryAfterSeconds = parsed.parameters?.retry_after;
  const retryAfterMs =
    retryAfterOf(headers['retry-after']) ??
    (typeof retryAfterSeconds === 'number' && retryAfterSeconds >= 0 ? retryAfterSeconds * 1000 : undefined);
  const detail = description ? `: ${description.slice(0, 500)}` : '';
  return {
    ok: false,
    retryable: status === 429 || status >= 500 || rateLimited,
    status,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    error: redact(`${what}: HTTP ${status}${detail}`, secret),
  };
}

/** The failure a request that got no answer stands for. */
export function failureOfError(error: unknown, what: string, secret: string, timedOut: boolean): ProviderFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (timedOut) return { ok: false, retryable: true, error: redact(`${what}: timed out`, secret) };
  // The guard refuses the address whatever the time; a response too large stays too large.
  if (error instanceof OutboundRefused)
    return { ok: false, retryable: false, error: redact(`${what}: refused by the outbound guard: ${message}`, secret) };
  if (error instanceof OutboundError)
    return { ok: false, retryable: false, error: redact(`${what}: ${message}`, secret) };
  return { ok: false, retryable: true, error: redact(`${what}: ${message}`, secret) };
}
