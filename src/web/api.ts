// The public chat API as the browser sees it (the documented /v1 routes).

// The server's answers as the client reads them: open JSON, read field by field with fallbacks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
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
  if (!response.ok)
    throw new ChatApiError(
      response.status,
      typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`,
    );
  return parsed;
}

export function startChat(apiHost: string, publicId: string, body: Json): Promise<Json> {
  return post(apiHost, `/v1/bots/${encodeURIComponent(publicId)}/startChat`, body);
}

/** A reply: its text, or the message object (text with attached file URLs). */
export function continueChat(apiHost: string, sessionId: string, message: string | Json | undefined): Promise<Json> {
  return post(
    apiHost,
    `/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    message === undefined ? {} : { message },
  );
}

/** Uploads one file for the file input the session waits on; answers the URL it is served at. */
export async function uploadFile(apiHost: string, sessionId: string, blockId: string, file: File): Promise<string> {
  const granted = await post(apiHost, `/v1/sessions/${encodeURIComponent(sessionId)}/uploads`, {
    blockId,
    fileName: file.name,
    fileType: file.type || null,
    fileSize: file.size,
  });
  const response = await fetch(String(granted.presignedUrl), {
    method: 'PUT',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => ({}))) as Json;
    throw new ChatApiError(
      response.status,
      typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`,
    );
  }
  return String(granted.fileUrl);
}

export function sendClientLogs(apiHost: string, sessionId: string, clientLogs: Json[]): Promise<Json> {
  return post(apiHost, `/v1/sessions/${encodeURIComponent(sessionId)}/clientLogs`, { clientLogs });
}

/**
 * Reads the AI answer a session waits on (server-sent events, `data: {"text"}`
 * per part) and hands the text so far to `onText`; answers the whole text.
 */
export async function streamMessage(
  apiHost: string,
  sessionId: string,
  body: Json,
  onText: (textSoFar: string) => void,
): Promise<string> {
  const response = await fetch(`${apiHost}/v1/sessions/${encodeURIComponent(sessionId)}/streamMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) {
    const parsed = (await response.json().catch(() => ({}))) as Json;
    throw new ChatApiError(
      response.status,
      typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`,
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const events = buffered.split('\n\n');
    buffered = events.pop() ?? '';
    for (const event of events) {
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const part = JSON.parse(data) as Json;
      if (part.error) throw new ChatApiError(500, String(part.error.message ?? 'The answer could not be streamed'));
      if (typeof part.text === 'string') {
        text += part.text;
        onText(text);
      }
    }
  }
  return text;
}
