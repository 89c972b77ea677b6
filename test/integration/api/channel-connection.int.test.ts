import { receiveEvents } from '../../../src/services/channels/inbox';
import { createChannelCredentials, textMessage } from '../../helpers/channel-events';
import { FAKE_TELEGRAM_TOKEN, startFakeTelegramApi, type FakeTelegramApi } from '../../helpers/fake-telegram-api';
import { graphql, ISO_MS, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A channel connection as the console shows it (the credentials' `channel`
// field) and Telegram's webhook registered through the server's provider client:
// only ever at the connection's own address on the console origin
// (PARLEY_PUBLIC_URL here).

const CONNECTIONS = `query Connections($workspaceId: ID!) {
  credentials(workspaceId: $workspaceId) {
    id type
    channel { webhookPath verifyToken lastEventAt lastDeliveryError pendingEvents }
  }
}`;

const PUBLIC_URL = 'https://parley.example';

const CONNECT = `mutation Connect($workspaceId: ID!, $credentialsId: ID!, $webhookUrl: String) {
  connectTelegramWebhook(workspaceId: $workspaceId, credentialsId: $credentialsId, webhookUrl: $webhookUrl) { message }
}`;

let server: TestServer;
let telegram: FakeTelegramApi;
let whatsAppId: string;
let telegramId: string;
let smtpId: string;

beforeAll(async () => {
  telegram = await startFakeTelegramApi();
  server = await startTestServer({
    channels: { telegramApiUrl: telegram.baseUrl },
    outboundAllow: '127.0.0.1',
    publicUrl: PUBLIC_URL,
  });
  whatsAppId = await createChannelCredentials(server, 'whatsApp', 'shop');
  telegramId = await createChannelCredentials(server, 'telegram', 'helpdesk');
  const smtp = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: {
      type: 'smtp',
      name: 'Mail',
      data: { host: 'smtp.example.com', port: 587, from: { email: 'bot@example.com' } },
    },
  });
  smtpId = smtp.body.credentials.id;
});
afterAll(async () => {
  await server.close();
  await telegram.close();
});
beforeEach(() => {
  telegram.reset();
  telegram.token = FAKE_TELEGRAM_TOKEN;
});

async function connections(token = server.adminToken) {
  const answer = await graphql(server.url, CONNECTIONS, { workspaceId: server.adminWorkspaceId }, token);
  return answer.body;
}

const connectionOf = (list: { id: string; channel: any }[] | undefined, id: string) =>
  list?.find((each) => each.id === id)?.channel;

describe('channel connection fields', () => {
  test('the webhook path of each kind, the verify token of WhatsApp only, null for other credentials', async () => {
    const { data, errors } = await connections();
    expect(errors).toBeUndefined();
    const ws = server.adminWorkspaceId;
    const row = await server.db.credentials.findUniqueOrThrow({ where: { id: whatsAppId } });
    expect(row.data).not.toContain('verify');
    expect(connectionOf(data.credentials, whatsAppId)).toEqual({
      webhookPath: `/v1/workspaces/${ws}/whatsapp/${whatsAppId}/webhook`,
      verifyToken: expect.stringMatching(/^[\w-]{16,}$/),
      lastEventAt: null,
      lastDeliveryError: null,
      pendingEvents: 0,
    });
    expect(connectionOf(data.credentials, telegramId)).toEqual({
      webhookPath: `/v1/workspaces/${ws}/telegram/${telegramId}/webhook`,
      verifyToken: null,
      lastEventAt: null,
      lastDeliveryError: null,
      pendingEvents: 0,
    });
    expect(data.credentials.find((each: { id: string }) => each.id === smtpId)).toEqual({
      id: smtpId,
      type: 'smtp',
      channel: null,
    });
  });

  test("the verify token is the one Meta's subscription check accepts", async () => {
    const { data } = await connections();
    const { webhookPath, verifyToken } = connectionOf(data.credentials, whatsAppId);
    const query = new URLSearchParams({
      'hub.mode': 'subscribe',
      'hub.verify_token': verifyToken,
      'hub.challenge': 'challenge-42',
    });
    const checked = await request(server.url, 'GET', `${webhookPath}?${query}`);
    expect(checked.status).toBe(200);
    expect(checked.body).toBe('challenge-42');
  });

  test("REST's list carries the same webhook path and verify token, channel null for other credentials", async () => {
    const ws = server.adminWorkspaceId;
    const { data } = await connections();
    const verifyToken = connectionOf(data.credentials, whatsAppId).verifyToken as string;
    const listed = await request(server.url, 'GET', `/v1/workspaces/${ws}/credentials`, { token: server.adminToken });
    expect(listed.status).toBe(200);
    const ours = [whatsAppId, telegramId, smtpId];
    const summary = (id: string, type: string, name: string) => ({
      id,
      type,
      name,
      createdAt: expect.stringMatching(ISO_MS),
    });
    expect(listed.body.credentials.filter((each: { id: string }) => ours.includes(each.id))).toEqual([
      {
        ...summary(whatsAppId, 'whatsApp', 'shop'),
        channel: { webhookPath: `/v1/workspaces/${ws}/whatsapp/${whatsAppId}/webhook`, verifyToken },
      },
      {
        ...summary(telegramId, 'telegram', 'helpdesk'),
        channel: { webhookPath: `/v1/workspaces/${ws}/telegram/${telegramId}/webhook`, verifyToken: null },
      },
      { ...summary(smtpId, 'smtp', 'Mail'), channel: null },
    ]);
    // What REST gives is what Meta's dashboard needs: its subscription check passes with it.
    const [whatsApp] = listed.body.credentials.filter((each: { id: string }) => each.id === whatsAppId);
    const query = new URLSearchParams({
      'hub.mode': 'subscribe',
      'hub.verify_token': whatsApp.channel.verifyToken,
      'hub.challenge': 'challenge-rest',
    });
    const checked = await request(server.url, 'GET', `${whatsApp.channel.webhookPath}?${query}`);
    expect([checked.status, checked.body]).toEqual([200, 'challenge-rest']);
  });

  test('lastEventAt: when the newest event of the connection was received', async () => {
    const receivedAt = new Date('2030-01-02T03:04:05.000Z');
    await receiveEvents(server.db, telegramId, 'telegram', [textMessage('chat-1', 'hello')], receivedAt);
    const { data } = await connections();
    const connection = connectionOf(data.credentials, telegramId);
    expect(connection.lastEventAt).toBe('2030-01-02T03:04:05.000Z');
    expect(connection.lastEventAt).toMatch(ISO_MS);
    expect(connectionOf(data.credentials, whatsAppId).lastEventAt).toBeNull();
  });

  test('lastDeliveryError: the newest failed delivery’s error', async () => {
    const now = new Date();
    const delivery = (error: string, status: string) => ({
      credentialsId: whatsAppId,
      conversationKey: '33600000000',
      request: JSON.stringify({ method: 'POST', path: '/messages' }),
      status,
      error,
      nextAttemptAt: now,
      createdAt: now,
    });
    await server.db.channelDelivery.create({ data: delivery('older failure', 'failed') });
    await server.db.channelDelivery.create({ data: delivery('newest failure', 'failed') });
    await server.db.channelDelivery.create({ data: delivery('retrying', 'pending') });
    const { data } = await connections();
    expect(connectionOf(data.credentials, whatsAppId).lastDeliveryError).toBe('newest failure');
    await server.db.channelDelivery.deleteMany({ where: { credentialsId: whatsAppId } });
  });

  test('members only: a GUEST is refused the connections (their verify token included), an outsider sees nothing', async () => {
    const member = await createUserWithToken(server.db, 'member-connections@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const seen = await connections(member.token);
    expect(connectionOf(seen.data.credentials, whatsAppId).verifyToken).toEqual(expect.any(String));

    const guest = await createUserWithToken(server.db, 'guest-connections@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    const refused = await connections(guest.token);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(refused)).not.toContain('webhook');

    const outsider = await createUserWithToken(server.db, 'outsider-connections@parley.test');
    const hidden = await connections(outsider.token);
    expect(hidden.data).toBeNull();
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('connectTelegramWebhook', () => {
  const ownUrl = (credentialsId = telegramId) =>
    `${PUBLIC_URL}/v1/workspaces/${server.adminWorkspaceId}/telegram/${credentialsId}/webhook`;
  const connect = (token: string, variables: Record<string, unknown> = {}) =>
    graphql(
      server.url,
      CONNECT,
      { workspaceId: server.adminWorkspaceId, credentialsId: telegramId, webhookUrl: ownUrl(), ...variables },
      token,
    );
  const refusedAtWebhookUrl = () => ({
    code: 'BAD_REQUEST',
    message: expect.stringContaining(ownUrl()),
    issues: [{ message: expect.any(String), path: ['webhookUrl'] }],
  });

  test("calls setWebhook with the URL, the connection's secret token and the updates the channel reads", async () => {
    const answer = await connect(server.adminToken);
    expect(answer.body).toEqual({ data: { connectTelegramWebhook: { message: expect.any(String) } } });
    expect(telegram.requests).toHaveLength(1);
    const [sent] = telegram.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe(`/bot${FAKE_TELEGRAM_TOKEN}/setWebhook`);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.body).toEqual({
      url: `https://parley.example/v1/workspaces/${server.adminWorkspaceId}/telegram/${telegramId}/webhook`,
      secret_token: expect.stringMatching(/^[\w-]{16,256}$/),
      allowed_updates: ['message', 'callback_query'],
    });
    // The secret token Telegram was given is the one its updates must carry.
    const update = await request(
      server.url,
      'POST',
      `/v1/workspaces/${server.adminWorkspaceId}/telegram/${telegramId}/webhook`,
      { json: { update_id: 1 }, headers: { 'x-telegram-bot-api-secret-token': sent!.body.secret_token } },
    );
    expect(update.status).toBe(200);
  });

  test("Telegram's refusal answers BAD_REQUEST with its description, the token left out", async () => {
    telegram.token = '987654321:AAF-another-bot-token-entirely';
    const answer = await connect(server.adminToken);
    // /graphql carries the code in the error (REST would answer it as 400).
    expect(answer.body.data).toBeNull();
    const [error] = answer.body.errors!;
    expect(error!.extensions?.code).toBe('BAD_REQUEST');
    expect(error!.message).toMatch(/Telegram refused the webhook: .*Unauthorized/);
    expect(error!.message).not.toContain(FAKE_TELEGRAM_TOKEN);
  });

  test('bad input: not a URL; credentials of another kind are not found', async () => {
    const notUrl = await connect(server.adminToken, { webhookUrl: 'parley.example/webhook' });
    expect(notUrl.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(notUrl.body.errors?.[0]?.extensions?.issues).toEqual([
      { message: expect.any(String), path: ['webhookUrl'] },
    ]);
    const ftp = await connect(server.adminToken, { webhookUrl: 'ftp://parley.example/webhook' });
    expect(ftp.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const whatsApp = await connect(server.adminToken, { credentialsId: whatsAppId });
    expect(whatsApp.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(telegram.requests).toHaveLength(0);
  });

  test("any address but the connection's own is refused, at webhookUrl, before Telegram is called", async () => {
    const elsewhere = [
      'https://attacker.example/v1/workspaces/x/telegram/y/webhook',
      ownUrl().replace('parley.example', 'parley.example.attacker.example'),
      ownUrl().replace('https://parley.example', 'https://parley.example:8443'),
      ownUrl().replace('https://', 'https://user:pass@'),
      ownUrl().replace('https://', 'http://'),
      ownUrl(whatsAppId),
      ownUrl('another-connection'),
      `${PUBLIC_URL}/v1/workspaces/${server.adminWorkspaceId}/whatsapp/${telegramId}/webhook`,
      `${ownUrl()}/../../../../../elsewhere`,
      `${ownUrl()}?next=https://attacker.example`,
      `${ownUrl()}#fragment`,
      `${PUBLIC_URL}/graphql`,
    ];
    for (const webhookUrl of elsewhere) {
      const answer = await connect(server.adminToken, { webhookUrl });
      expect(answer.body.data).toBeNull();
      const [error] = answer.body.errors!;
      expect({ code: error!.extensions?.code, message: error!.message, issues: error!.extensions?.issues }).toEqual(
        refusedAtWebhookUrl(),
      );
    }
    expect(telegram.requests).toHaveLength(0);
  });

  test("without webhookUrl, the connection's own address on the console origin", async () => {
    const answer = await connect(server.adminToken, { webhookUrl: undefined });
    expect(answer.body).toEqual({ data: { connectTelegramWebhook: { message: expect.any(String) } } });
    expect(telegram.requests.map((sent) => sent.body.url)).toEqual([ownUrl()]);
  });

  test('REST: POST …/credentials/{id}/telegram/webhook runs the same mutation', async () => {
    const path = `/v1/workspaces/${server.adminWorkspaceId}/credentials/${telegramId}/telegram/webhook`;
    const webhookUrl = ownUrl();
    const done = await request(server.url, 'POST', path, { token: server.adminToken, json: { webhookUrl } });
    expect([done.status, done.body]).toEqual([200, { message: expect.any(String) }]);
    expect(telegram.requests.map((sent) => sent.body.url)).toEqual([webhookUrl]);

    const foreign = await request(server.url, 'POST', path, {
      token: server.adminToken,
      json: { webhookUrl: 'https://attacker.example/hook' },
    });
    expect([foreign.status, foreign.body]).toEqual([400, refusedAtWebhookUrl()]);
    expect(telegram.requests).toHaveLength(1);

    const byDefault = await request(server.url, 'POST', path, { token: server.adminToken, json: {} });
    expect([byDefault.status, byDefault.body]).toEqual([200, { message: expect.any(String) }]);
    expect(telegram.requests.map((sent) => sent.body.url)).toEqual([webhookUrl, webhookUrl]);
    telegram.token = '987654321:AAF-another-bot-token-entirely';
    const refused = await request(server.url, 'POST', path, { token: server.adminToken, json: { webhookUrl } });
    expect([refused.status, refused.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(refused.body.message).toMatch(/Telegram refused the webhook: .*Unauthorized/);
    const anonymous = await request(server.url, 'POST', path, { json: { webhookUrl } });
    expect(anonymous.status).toBe(401);
    expect(telegram.requests).toHaveLength(3);
  });

  test('editors only: a GUEST and an outsider are refused, nothing reaches Telegram', async () => {
    const guest = await createUserWithToken(server.db, 'guest-connect@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    const refused = await connect(guest.token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const outsider = await createUserWithToken(server.db, 'outsider-connect@parley.test');
    const hidden = await connect(outsider.token);
    expect(hidden.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const member = await createUserWithToken(server.db, 'member-connect@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    expect((await connect(member.token)).body.data?.connectTelegramWebhook).toBeTruthy();
    expect(telegram.requests).toHaveLength(1);
  });
});
