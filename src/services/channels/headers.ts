import type { WebhookRequest } from './channel';

/** A request header, whatever the case of its name (Node lowercases them, tests may not). */
export function headerOf(request: WebhookRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
