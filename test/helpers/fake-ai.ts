import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for AI providers, speaking the three wire protocols Parley
// uses: OpenAI-compatible chat completions, Anthropic messages and OpenAI
// responses, each whole or streamed as server-sent events. It records every
// request and answers "Echo: <last user message>" unless told otherwise.

export const FAKE_API_KEY = 'sk-test-fake';
/** What the fake serves at /files/…: an "audio" file to transcribe. */
export const AUDIO_BYTES = Buffer.from('fake-webm-audio-bytes');

export interface AiHit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface FakeAi {
  /** Base URL of the OpenAI-compatible API (…/v1). */
  base: string;
  hits: AiHit[];
  /** The next answers' text (default: echo of the last user message). */
  reply?: (body: any) => string;
  /** The next request fails with this status and body. */
  failNext?: { status: number; body: unknown };
  close(): Promise<void>;
}

function lastUserText(body: any): string {
  const messages: any[] = body.messages ?? body.input ?? [];
  const user = [...messages].reverse().find((message) => message.role === 'user');
  return user ? String(user.content) : '';
}

/** Values for a JSON schema's properties (Generate variables). */
function objectFor(schema: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
    const type = property.type ?? property.anyOf?.[0]?.type;
    out[name] =
      property.enum?.[0] ??
      property.anyOf?.[0]?.enum?.[0] ??
      (type === 'number' ? 42 : type === 'boolean' ? true : type === 'array' ? ['a', 'b'] : `extracted ${name}`);
  }
  return out;
}

/** The answer cut in small pieces, as providers stream. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export async function startFakeAi(): Promise<FakeAi> {
  const fake: FakeAi = { base: '', hits: [], close: async () => undefined };
  let responseCount = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = { raw };
      }
      const path = request.url ?? '';
      fake.hits.push({ path, headers: request.headers, body });
      // Audio files to transcribe (served as a storage would).
      if (request.method === 'GET' && path.startsWith('/files/')) {
        response.setHeader('content-type', 'audio/webm');
        return response.end(AUDIO_BYTES);
      }
      const send = (status: number, payload: unknown) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(payload));
      };
      const isAnthropic = path.endsWith('/messages');
      const key = isAnthropic
        ? request.headers['x-api-key']
        : String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (key !== FAKE_API_KEY)
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      if (fake.failNext) {
        const failure = fake.failNext;
        fake.failNext = undefined;
        return send(failure.status, failure.body);
      }
      const schema = body.response_format?.json_schema?.schema;
      const text = schema
        ? JSON.stringify(objectFor(schema))
        : fake.reply
          ? fake.reply(body)
          : `Echo: ${lastUserText(body)}`;
      const stream = body.stream === true;
      const event = (data: unknown, name?: string) =>
        response.write(
          `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
        );
      if (stream) {
        response.statusCode = 200;
        response.setHeader('content-type', 'text/event-stream');
      }
      if (path.endsWith('/chat/completions')) {
        const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
        if (!stream)
          return send(200, {
            id: 'chatcmpl-1',
            choices: [{ index: 0, message: { role: 'assistant', content: text } }],
            usage,
          });
        for (const piece of pieces(text)) event({ choices: [{ index: 0, delta: { content: piece } }] });
        event({ choices: [], usage });
        event('[DONE]');
        return response.end();
      }
      if (isAnthropic) {
        const usage = { input_tokens: 5, output_tokens: 3 };
        if (!stream)
          return send(200, {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            content: [{ type: 'text', text }],
            usage,
          });
        event({ type: 'message_start', message: { id: 'msg_1', usage } }, 'message_start');
        for (const piece of pieces(text))
          event(
            { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } },
            'content_block_delta',
          );
        event({ type: 'message_stop' }, 'message_stop');
        return response.end();
      }
      if (path.endsWith('/audio/speech')) {
        // "Audio" whose bytes say what was asked.
        response.setHeader('content-type', 'audio/mpeg');
        return response.end(`mp3:${body.model}:${body.voice}:${body.input}`);
      }
      if (path.endsWith('/audio/transcriptions')) {
        // Multipart: the model, the file's name and size tell what was uploaded.
        const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(raw)?.[1];
        const file = /name="file"; filename="([^"]+)"\r\nContent-Type: ([^\r]+)\r\n\r\n/.exec(raw);
        const complete = raw.includes(AUDIO_BYTES.toString('utf8'));
        return send(200, {
          text: `Transcribed ${file?.[1]} (${file?.[2]}, ${complete ? 'complete' : 'incomplete'}) with ${field('model')}`,
        });
      }
      if (path.endsWith('/responses')) {
        responseCount += 1;
        const id = `resp_${responseCount}`;
        const usage = { input_tokens: 4, output_tokens: 2, total_tokens: 6 };
        const output = [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }];
        if (!stream) return send(200, { id, output, usage });
        for (const piece of pieces(text))
          event({ type: 'response.output_text.delta', delta: piece }, 'response.output_text.delta');
        event({ type: 'response.completed', response: { id, output, usage } }, 'response.completed');
        return response.end();
      }
      send(404, { error: { message: `No route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
