import { createHmac } from 'node:crypto';
import { request, type HttpResponse } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The providers' webhooks over HTTP: Meta's address check, signed WhatsApp
// updates and Telegram's secret token, each stored once in the inbox; any
// request that is not the provider's refused alike, nothing stored.

const BUILDER_POINTS = 10;
const BODY_LIMIT = 64 * 1024;

let server: TestServer;
beforeAll(async () => {
  // Builder requests are limited: the bursts below show that webhooks do not count as such.
  server = await startTestServer({
    bodyLimit: BODY_LIMIT,
    rateLimit: { builderPoints: BUILDER_POINTS, windowSeconds: 3600 },
  });
});
afterAll(() => server.close());

const WHATSAPP = {
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessToken: 'EAAJB-access-token',
  appSecret: 'app-secret-of-the-meta-app',
  verifyToken: 'verify-token-0123456789',
};
const TELEGRAM = { botToken: '123456:ABCdefGhIJKlmnoPQRstuVWXyz-012345', secretToken: 'telegram-secret-0123456789' };

async function createCredentials(workspaceId: string, token: string, type: string, data: unknown): Promise<string> {
  const created = await request(server.url, 'POST', `/v1/workspaces/${workspaceId}/credentials`, {
    token,
    json: { type, name: type, data },
  });
  expect(created.status).toBe(200);
  return created.body.credentials.id as string;
}

let whatsAppId: string;
let telegramId: string;
beforeAll(async () => {
  whatsAppId = await createCredentials(server.adminWorkspaceId, server.adminToken, 'whatsApp', WHATSAPP);
  telegramId = await createCredentials(server.adminWorkspaceId, server.adminToken, 'telegram', TELEGRAM);
});

const path = (kind: 'whatsapp' | 'telegram', credentialsId: string, workspaceId = server.adminWorkspaceId) =>
  `/v1/workspaces/${workspaceId}/${kind}/${credentialsId}/webhook`;

function whatsAppUpdate(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WHATSAPP.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: WHATSAPP.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const textFrom = (wamid: string, body: string) =>
  whatsAppUpdate({
    contacts: [{ profile: { name: 'Ada' }, wa_id: '33612345678' }],
    messages: [{ from: '33612345678', id: wamid, timestamp: '1700000000', type: 'text', text: { body } }],
  });

const signature = (raw: string, secret = WHATSAPP.appSecret) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

function postWhatsApp(
  raw: string,
  headers: Record<string, string>,
  credentialsId = whatsAppId,
  workspaceId?: string,
): Promise<HttpResponse> {
  return request(server.url, 'POST', path('whatsapp', credentialsId, workspaceId), { raw, headers });
}

function postTelegram(update: unknown, secret: string | undefined, credentialsId = telegramId): Promise<HttpResponse> {
  return request(server.url, 'POST', path('telegram', credentialsId), {
    raw: JSON.stringify(update),
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
  });
}

const eventsOf = (credentialsId: string, externalId: string) =>
  server.db.channelEvent.findMany({ where: { credentialsId, externalId } });

const REFUSED = { code: 'UNAUTHORIZED', message: 'Webhook request not verified', issues: [] };

describe("Meta's webhook address check", () => {
  const check = (query: Record<string, string>, credentialsId = whatsAppId) =>
    request(server.url, 'GET', `${path('whatsapp', credentialsId)}?${new URLSearchParams(query).toString()}`);

  test('the verify token of the connection: the challenge echoed exactly, as text', async () => {
    const answer = await check({
      'hub.mode': 'subscribe',
      'hub.verify_token': WHATSAPP.verifyToken,
      'hub.challenge': '1158201444',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.body).toBe('1158201444');
  });

  test('a wrong token, another mode, unknown credentials: 403 with the error object', async () => {
    const refused = { code: 'FORBIDDEN', message: 'Webhook verification refused', issues: [] };
    const challenge = { 'hub.challenge': '42' };
    for (const answer of [
      await check({ 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', ...challenge }),
      await check({ 'hub.mode': 'unsubscribe', 'hub.verify_token': WHATSAPP.verifyToken, ...challenge }),
      await check({ 'hub.mode': 'subscribe', 'hub.verify_token': WHATSAPP.verifyToken, ...challenge }, telegramId),
      await check({ 'hub.mode': 'subscribe', 'hub.verify_token': WHATSAPP.verifyToken, ...challenge }, 'nope'),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(refused);
    }
  });
});

describe('WhatsApp updates', () => {
  test('a signed message: 200 {} and one inbox event with the parsed message', async () => {
    const raw = JSON.stringify(textFrom('wamid.HBgLMzM2MTIzNDU2NzgVAgASGBQzQTk', 'Hello'));
    const answer = await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) });
    expect(answer).toMatchObject({ status: 200, body: {} });
    const events = await eventsOf(whatsAppId, 'wamid.HBgLMzM2MTIzNDU2NzgVAgASGBQzQTk');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ channel: 'whatsApp', conversationKey: '33612345678' });
    // Stored before the answer; the processor (woken by it) may have taken it up since.
    expect(['pending', 'done']).toContain(events[0]!.status);
    expect(JSON.parse(events[0]!.message)).toEqual({
      externalId: 'wamid.HBgLMzM2MTIzNDU2NzgVAgASGBQzQTk',
      conversationKey: '33612345678',
      sentAt: 1_700_000_000_000,
      contact: { name: 'Ada', phoneNumber: '33612345678' },
      recipient: WHATSAPP.phoneNumberId,
      content: { type: 'text', text: 'Hello' },
    });
  });

  test('the signature is over the raw bytes: spacing and key order as sent', async () => {
    const raw = JSON.stringify(textFrom('wamid.spaced', 'Hi'), null, 2);
    expect(await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) })).toMatchObject({ status: 200 });
    expect(await eventsOf(whatsAppId, 'wamid.spaced')).toHaveLength(1);
  });

  test('a wrong, missing or otherwise-keyed signature: 401, nothing stored', async () => {
    const raw = JSON.stringify(textFrom('wamid.forged', 'Hello'));
    const tampered = JSON.stringify(textFrom('wamid.forged', 'Hellp'));
    const attempts: Record<string, string>[] = [
      { 'x-hub-signature-256': signature(raw, 'another-app-secret') },
      { 'x-hub-signature-256': signature(tampered) },
      { 'x-hub-signature-256': 'sha256=' },
      {},
    ];
    for (const headers of attempts) {
      const answer = await postWhatsApp(raw, headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(REFUSED);
    }
    expect(await eventsOf(whatsAppId, 'wamid.forged')).toHaveLength(0);
  });

  test('the same update delivered twice is stored once', async () => {
    const raw = JSON.stringify(textFrom('wamid.twice', 'Again'));
    for (let delivery = 0; delivery < 2; delivery += 1)
      expect(await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) })).toMatchObject({ status: 200 });
    expect(await eventsOf(whatsAppId, 'wamid.twice')).toHaveLength(1);
  });

  test("another number of the same Meta app: 200, nothing stored (not this connection's to answer)", async () => {
    const update = textFrom('wamid.other-number', 'For the other number');
    update.entry[0]!.changes[0]!.value.metadata = { display_phone_number: '15550000000', phone_number_id: '999' };
    const raw = JSON.stringify(update);
    expect(await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) })).toMatchObject({ status: 200 });
    expect(await eventsOf(whatsAppId, 'wamid.other-number')).toHaveLength(0);
  });

  test('a status update: 200, nothing stored', async () => {
    const before = await server.db.channelEvent.count();
    const raw = JSON.stringify(
      whatsAppUpdate({
        statuses: [
          {
            id: 'wamid.status',
            status: 'delivered',
            timestamp: '1700000100',
            recipient_id: '33612345678',
            conversation: { id: 'c1', origin: { type: 'service' } },
            pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
          },
        ],
      }),
    );
    expect(await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) })).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await server.db.channelEvent.count()).toBe(before);
  });

  test('unknown credentials, Telegram credentials, another workspace: the same 401 as a bad signature', async () => {
    const other = await createUserWithToken(server.db, 'webhooks-other@parley.test');
    const otherId = await createCredentials(other.personalWorkspaceId, other.token, 'whatsApp', WHATSAPP);
    const raw = JSON.stringify(textFrom('wamid.elsewhere', 'Hello'));
    const signed = { 'x-hub-signature-256': signature(raw) };
    for (const answer of [
      await postWhatsApp(raw, signed, 'c0000000000000000000000000'),
      await postWhatsApp(raw, signed, telegramId),
      // The other workspace's connection named under this workspace, and this one's under the other.
      await postWhatsApp(raw, signed, otherId),
      await postWhatsApp(raw, signed, whatsAppId, other.personalWorkspaceId),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(REFUSED);
    }
    expect(await server.db.channelEvent.count({ where: { externalId: 'wamid.elsewhere' } })).toBe(0);
    // Under its own workspace, the other connection receives.
    expect(await postWhatsApp(raw, signed, otherId, other.personalWorkspaceId)).toMatchObject({ status: 200 });
    expect(await eventsOf(otherId, 'wamid.elsewhere')).toHaveLength(1);
  });

  test('a body over the limit: 413, nothing stored', async () => {
    const raw = JSON.stringify(textFrom('wamid.large', 'x'.repeat(BODY_LIMIT)));
    const answer = await postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) });
    expect(answer.status).toBe(413);
    expect(await eventsOf(whatsAppId, 'wamid.large')).toHaveLength(0);
  });

  test("a burst beyond the builders' rate limit is received whole", async () => {
    const burst = Array.from({ length: BUILDER_POINTS + 5 }, (_, index) => {
      const raw = JSON.stringify(textFrom(`wamid.burst.${index}`, `#${index}`));
      return postWhatsApp(raw, { 'x-hub-signature-256': signature(raw) });
    });
    expect((await Promise.all(burst)).map((answer) => answer.status)).toEqual(
      Array.from({ length: BUILDER_POINTS + 5 }, () => 200),
    );
    expect(await server.db.channelEvent.count({ where: { externalId: { startsWith: 'wamid.burst.' } } })).toBe(
      BUILDER_POINTS + 5,
    );
  });
});

describe('Telegram updates', () => {
  const update = (updateId: number, text: string) => ({
    update_id: updateId,
    message: {
      message_id: 17,
      from: { id: 5001, is_bot: false, first_name: 'Ada', last_name: 'Lovelace', language_code: 'en' },
      chat: { id: 5001, first_name: 'Ada', last_name: 'Lovelace', type: 'private' },
      date: 1_700_000_000,
      text,
    },
  });

  test('the secret token: 200 {} and one inbox event, once however often delivered', async () => {
    for (let delivery = 0; delivery < 2; delivery += 1)
      expect(await postTelegram(update(880001, 'Hello'), TELEGRAM.secretToken)).toMatchObject({
        status: 200,
        body: {},
      });
    const events = await eventsOf(telegramId, '880001');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ channel: 'telegram', conversationKey: '5001' });
    expect(JSON.parse(events[0]!.message)).toEqual({
      externalId: '880001',
      conversationKey: '5001',
      sentAt: 1_700_000_000_000,
      contact: { name: 'Ada Lovelace' },
      content: { type: 'text', text: 'Hello' },
    });
  });

  test('a wrong or missing secret token, or WhatsApp credentials: 401, nothing stored', async () => {
    for (const answer of [
      await postTelegram(update(880002, 'Hello'), 'telegram-secret-wrong-0000'),
      await postTelegram(update(880002, 'Hello'), undefined),
      await postTelegram(update(880002, 'Hello'), TELEGRAM.secretToken, whatsAppId),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(REFUSED);
    }
    expect(await eventsOf(telegramId, '880002')).toHaveLength(0);
  });

  test('no address check on Telegram: GET is not served', async () => {
    expect((await request(server.url, 'GET', path('telegram', telegramId))).status).toBe(405);
  });
});
