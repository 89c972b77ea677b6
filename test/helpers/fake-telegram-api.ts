import {
  startFakeProviderServer,
  type FakeProviderServer,
  type ProviderAnswer,
  type RecordedRequest,
} from './fake-provider-server';

// A local stand-in for the Telegram Bot API, enough of it for Parley's
// channel: /bot<token>/<method> (send*, sendChatAction,
// answerCallbackQuery, setWebhook, getMe, getFile) and file downloads at
// /file/bot<token>/<file_path>. Answers as Telegram does ({ ok, result } or
// { ok: false, error_code, description }). Every request is recorded in
// order; failures and hangs on demand.

export const FAKE_TELEGRAM_TOKEN = '123456789:AAF-fake-telegram-bot-token';

export interface FakeTelegramFile {
  bytes: Buffer;
  /** The path Telegram gives it (e.g. photos/file_1.jpg). */
  filePath: string;
  /** getFile leaves file_size out (Telegram may). */
  hideSize?: boolean;
}

export interface FakeTelegramApi extends FakeProviderServer {
  /** PARLEY_TELEGRAM_API_URL: http://127.0.0.1:<port> */
  baseUrl: string;
  token: string;
  /** Files a person "sent", by file id. */
  files: Map<string, FakeTelegramFile>;
  /** The Bot API calls received (method name and parameters), in order; file downloads left out. */
  calls(): { method: string; params: any }[];
}

const refusal = (status: number, description: string): ProviderAnswer => ({
  status,
  body: { ok: false, error_code: status, description },
});

const BOT = { id: 123456789, is_bot: true, first_name: 'Parley Test Bot', username: 'parley_test_bot' };
const SENDS = new Set([
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendAudio',
  'sendVoice',
  'sendDocument',
  'sendAnimation',
  'sendSticker',
  'sendLocation',
  'sendMediaGroup',
]);

/** The parameters of a call: JSON body, else the query string. */
function paramsOf(request: RecordedRequest, origin: string): any {
  if (request.body && typeof request.body === 'object') return request.body;
  return Object.fromEntries(new URL(request.path, origin).searchParams);
}

export async function startFakeTelegramApi(): Promise<FakeTelegramApi> {
  const files = new Map<string, FakeTelegramFile>();
  let messageId = 0;

  function sent(method: string, params: any): ProviderAnswer {
    if (params.chat_id === undefined || params.chat_id === '') return refusal(400, 'Bad Request: chat_id is empty');
    if (method === 'sendMessage' && !params.text) return refusal(400, 'Bad Request: message text is empty');
    const message = () => {
      messageId += 1;
      return {
        message_id: messageId,
        from: BOT,
        chat: { id: Number(params.chat_id) || params.chat_id, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        ...(params.text ? { text: params.text } : {}),
      };
    };
    if (method === 'sendMediaGroup')
      return { status: 200, body: { ok: true, result: (params.media ?? []).map(() => message()) } };
    return { status: 200, body: { ok: true, result: message() } };
  }

  // The answers read the token the test may have changed; no request comes before `api` is set.
  let api: FakeTelegramApi | undefined;

  function answer(request: RecordedRequest, origin: string): ProviderAnswer {
    const { pathname } = new URL(request.path, origin);
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(pathname);
    if (download) {
      if (download[1] !== api!.token) return refusal(401, 'Unauthorized');
      const found = [...files.values()].find((file) => file.filePath === decodeURIComponent(download[2]!));
      return found ? { status: 200, body: found.bytes } : refusal(404, 'Not Found');
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(pathname);
    if (!call) return refusal(404, 'Not Found');
    if (call[1] !== api!.token) return refusal(401, 'Unauthorized');
    const method = call[2]!;
    const params = paramsOf(request, origin);
    if (SENDS.has(method)) return sent(method, params);
    if (method === 'getMe') return { status: 200, body: { ok: true, result: BOT } };
    if (method === 'getFile') {
      const file = files.get(String(params.file_id ?? ''));
      if (!file) return refusal(400, 'Bad Request: invalid file_id');
      return {
        status: 200,
        body: {
          ok: true,
          result: {
            file_id: params.file_id,
            file_unique_id: `unique-${params.file_id}`,
            ...(file.hideSize ? {} : { file_size: file.bytes.length }),
            file_path: file.filePath,
          },
        },
      };
    }
    // sendChatAction, answerCallbackQuery, setWebhook, deleteWebhook, setMyCommands…
    return { status: 200, body: { ok: true, result: true } };
  }

  const server = await startFakeProviderServer({
    answer,
    failureBody: (status, retryAfterSeconds) =>
      status === 429
        ? {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${retryAfterSeconds ?? 1}`,
            parameters: { retry_after: retryAfterSeconds ?? 1 },
          }
        : { ok: false, error_code: status, description: 'Internal Server Error' },
  });
  api = Object.assign(server, {
    baseUrl: server.origin,
    files,
    token: FAKE_TELEGRAM_TOKEN,
    calls: () =>
      server.requests
        .map((request) => ({ request, call: /^\/bot[^/]+\/([A-Za-z]+)/.exec(request.path) }))
        .filter(({ call }) => call !== null)
        .map(({ request, call }) => ({ method: call![1]!, params: paramsOf(request, server.origin) })),
  });
  return api;
}
