import {
  startFakeProviderServer,
  type FakeProviderServer,
  type ProviderAnswer,
  type RecordedRequest,
} from './fake-provider-server';

// A local stand-in for the WhatsApp Cloud API (Graph API), enough of it for
// Parley's channel: sending messages and read receipts
// (POST /{phone-number-id}/messages), looking a media id up (GET /{media-id})
// and serving the file it points to, with the bearer token checked as Meta
// does. Every request is recorded in order; failures and hangs on demand.

export const FAKE_WHATSAPP_TOKEN = 'EAAG-fake-whatsapp-access-token';
export const FAKE_WHATSAPP_VERSION = 'v21.0';

export interface FakeMedia {
  bytes: Buffer;
  mimeType: string;
}

export interface FakeWhatsAppApi extends FakeProviderServer {
  /** PARLEY_WHATSAPP_API_URL: http://127.0.0.1:<port>/v21.0 */
  baseUrl: string;
  /** The access token the API takes (FAKE_WHATSAPP_TOKEN unless changed). */
  token: string;
  /** Media a person "sent", by media id. */
  media: Map<string, FakeMedia>;
  /** The messages sent (POST …/messages other than read receipts), bodies in order. */
  sentMessages(): any[];
}

const graphError = (status: number, code: number, message: string, type = 'OAuthException'): ProviderAnswer => ({
  status,
  body: { error: { message, type, code, fbtrace_id: 'AfakeTrace' } },
});

export async function startFakeWhatsAppApi(): Promise<FakeWhatsAppApi> {
  const media = new Map<string, FakeMedia>();
  let messageCount = 0;

  // The answers read the token the test may have changed; no request comes before `api` is set.
  let api: FakeWhatsAppApi | undefined;

  function answer(request: RecordedRequest, origin: string): ProviderAnswer {
    const { pathname } = new URL(request.path, origin);
    if (request.headers.authorization !== `Bearer ${api!.token}`)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const file = /^\/media-files\/([^/]+)$/.exec(pathname);
    if (file && request.method === 'GET') {
      const found = media.get(decodeURIComponent(file[1]!));
      if (!found) return { status: 404, body: Buffer.from('Not Found') };
      return { status: 200, headers: { 'content-type': found.mimeType }, body: found.bytes };
    }
    const prefix = `/${FAKE_WHATSAPP_VERSION}/`;
    if (!pathname.startsWith(prefix)) return graphError(400, 2500, 'Unknown path components');
    const parts = pathname.slice(prefix.length).split('/');
    if (parts.length === 2 && parts[1] === 'messages' && request.method === 'POST') {
      const body = request.body ?? {};
      if (body.messaging_product !== 'whatsapp')
        return graphError(400, 100, '(#100) The parameter messaging_product is required.');
      if (body.status === 'read') return { status: 200, body: { success: true } };
      if (!body.to) return graphError(400, 100, '(#100) The parameter to is required.');
      messageCount += 1;
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.FAKE${String(messageCount).padStart(6, '0')}` }],
        },
      };
    }
    if (parts.length === 1 && request.method === 'GET') {
      const id = decodeURIComponent(parts[0]!);
      const found = media.get(id);
      if (!found)
        return graphError(
          400,
          100,
          `Unsupported get request. Object with ID '${id}' does not exist`,
          'GraphMethodException',
        );
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          url: `${origin}/media-files/${encodeURIComponent(id)}`,
          mime_type: found.mimeType,
          sha256: 'fake-sha256',
          file_size: found.bytes.length,
          id,
        },
      };
    }
    return graphError(400, 100, `Unsupported ${request.method} request`, 'GraphMethodException');
  }

  const server = await startFakeProviderServer({
    answer,
    failureBody: (status) =>
      status === 429
        ? { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } }
        : { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } },
  });
  api = Object.assign(server, {
    baseUrl: `${server.origin}/${FAKE_WHATSAPP_VERSION}`,
    media,
    token: FAKE_WHATSAPP_TOKEN,
    sentMessages: () =>
      server.requests
        .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
        .map((request) => request.body)
        .filter((body) => body?.status !== 'read'),
  });
  return api;
}
