// One exchange with a provider's API: where a request goes and with which
// credential (Telegram's token in the path, WhatsApp's in a header), what the
// outcome texts call it (never with the token), its deadline, its JSON.

export type ProviderKind = 'whatsApp' | 'telegram';

/** A connection's address and credential at its provider. */
export interface ProviderAccount {
  kind: ProviderKind;
  /** PARLEY_WHATSAPP_API_URL or PARLEY_TELEGRAM_API_URL, without a trailing slash. */
  baseUrl: string;
  /** WhatsApp: the access token (sent as a bearer); Telegram: the bot token (part of the URL). */
  token: string;
}

/** One call to the provider's API, relative to its base URL (a channel's `OutboundRequest`). */
export interface ProviderRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** What an outcome's text calls the request: provider, method and path, never the token. */
export function describeRequest(account: ProviderAccount, method: string, path: string): string {
  return `${account.kind === 'whatsApp' ? 'WhatsApp' : 'Telegram'} ${method} ${path.split('?')[0]}`;
}

/** The request's address and headers: Telegram's token goes in the path, WhatsApp's in a header. */
export function addressed(account: ProviderAccount, path: string): { url: string; headers: Record<string, string> } {
  return account.kind === 'whatsApp'
    ? { url: `${account.baseUrl}${path}`, headers: { Authorization: `Bearer ${account.token}` } }
    : { url: `${account.baseUrl}/bot${account.token}${path}`, headers: {} };
}

/** A signal that fires after `ms` or with the caller's, and tells which. */
export function deadline(ms: number, signal?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(ms);
  return { signal: signal ? AbortSignal.any([timeout, signal]) : timeout, timedOut: () => timeout.aborted };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
