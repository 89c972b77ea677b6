import type { AiChatRequest, AiUsage } from '../../engine/contracts';

/** A request ready to send: the API key and base URL resolved from the credentials. */
export interface AiCall extends Omit<AiChatRequest, 'credentialsId' | 'baseUrl'> {
  apiKey: string;
  baseUrl: string;
}

export interface AiAnswer {
  text: string;
  usage: AiUsage;
  responseId?: string;
}

/** The provider refused or failed; `status` when it answered over HTTP. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** The error message of a provider's answer ({error: {message}} for OpenAI-compatible and Anthropic APIs). */
export function providerError(status: number, body: string): AiProviderError {
  let message = `HTTP ${status}`;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === 'string' && candidate !== '') message = candidate;
  } catch {
    // Not JSON: the status says it.
  }
  return new AiProviderError(message, status, body.slice(0, 1000));
}

export function joinUrl(base: string, path: string, query?: Record<string, string>): string {
  const url = `${base.replace(/\/+$/, '')}/${path}`;
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return url + search;
}
