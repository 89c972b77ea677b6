// The public chat API as the browser sees it (the documented /v1 routes).

export type Json = Record<string, any>;

export class ChatApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function post(apiHost: string, path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${apiHost}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as Json;
  if (!response.ok) throw new ChatApiError(response.status, typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`);
  return parsed;
}

export function startChat(apiHost: string, publicId: string, body: Json): Promise<Json> {
  return post(apiHost, `/v1/bots/${encodeURIComponent(publicId)}/startChat`, body);
}

export function continueChat(apiHost: string, sessionId: string, message: string | undefined): Promise<Json> {
  return post(apiHost, `/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, message === undefined ? {} : { message });
}

export function sendClientLogs(apiHost: string, sessionId: string, clientLogs: Json[]): Promise<Json> {
  return post(apiHost, `/v1/sessions/${encodeURIComponent(sessionId)}/clientLogs`, { clientLogs });
}
