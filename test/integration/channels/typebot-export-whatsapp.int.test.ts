import { settled } from '../../helpers/channel-events';
import { createWebhookCredentials, postWhatsApp, waTextOf, whatsAppMessage } from '../../helpers/channel-webhooks';
import type { Json } from '../../helpers/chat';
import { request } from '../../helpers/http';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// A Typebot export connected to WhatsApp, imported as it is: Typebot keeps
// the connection's id on the bot (`whatsAppCredentialsId`, beside the
// settings) and only the switch in `settings.whatsApp`.

let server: TestServer;
let whatsApp: FakeWhatsAppApi;
let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer();
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

const PERSON = '33698765432';

/** A Typebot 6 export as its builder downloads it, connected to `whatsAppCredentialsId`. */
function typebotExport(whatsAppCredentialsId: string): Json {
  return {
    version: '6',
    id: 'clx0export0whatsapp0bot01',
    name: 'Support on WhatsApp',
    events: [{ id: 'ev-start', type: 'start', outgoingEdgeId: 'e-start', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g-hello',
        title: 'Hello',
        graphCoordinates: { x: 300, y: 0 },
        blocks: [
          {
            id: 'b-hello',
            type: 'text',
            content: { richText: [{ type: 'p', children: [{ text: 'Hello from the imported bot!' }] }] },
          },
        ],
      },
    ],
    edges: [{ id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: 'g-hello' } }],
    variables: [],
    theme: {},
    selectedThemeTemplateId: null,
    settings: { whatsApp: { isEnabled: true, startCondition: null, sessionExpiryTimeout: 4 } },
    createdAt: '2024-05-02T09:00:00.000Z',
    updatedAt: '2024-05-02T09:30:00.000Z',
    icon: null,
    folderId: null,
    publicId: null,
    customDomain: null,
    workspaceId: 'clx0typebot0workspace001',
    resultsTablePreferences: null,
    isArchived: false,
    isClosed: false,
    riskLevel: null,
    whatsAppCredentialsId,
  };
}

const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, json?: Json) => {
  const answer = await request(server.url, method, path, { token: server.adminToken, json });
  expect([answer.status, path]).toEqual([200, path]);
  return answer.body;
};

test('an export with a top-level whatsAppCredentialsId answers on that connection, and reads back with it', async () => {
  const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'export');
  const created = await call('POST', '/v1/bots', {
    workspaceId: server.adminWorkspaceId,
    bot: typebotExport(credentialsId),
  });
  const botId = created.bot.id as string;
  expect(created.bot.whatsAppCredentialsId).toBe(credentialsId);
  expect(created.bot.settings).toEqual({
    whatsApp: { isEnabled: true, startCondition: null, sessionExpiryTimeout: 4 },
  });
  expect((await call('GET', `/v1/bots/${botId}`)).bot.whatsAppCredentialsId).toBe(credentialsId);
  await call('POST', `/v1/bots/${botId}/publish`);

  const { id, update } = whatsAppMessage('PN-export', PERSON, waTextOf('Hi'));
  expect(await postWhatsApp(server, credentialsId, update)).toBe(200);
  await settled(server);
  expect(whatsApp.requests.map((each) => [each.method, each.path, each.body])).toEqual([
    [
      'POST',
      '/v21.0/PN-export/messages',
      { messaging_product: 'whatsapp', status: 'read', message_id: id, typing_indicator: { type: 'text' } },
    ],
    [
      'POST',
      '/v21.0/PN-export/messages',
      { messaging_product: 'whatsapp', to: PERSON, type: 'text', text: { body: 'Hello from the imported bot!' } },
    ],
  ]);
});

test('an update sets and clears the top-level whatsAppCredentialsId, through REST and GraphQL', async () => {
  const { whatsAppCredentialsId: _, ...unconnected } = typebotExport('unused');
  const created = await call('POST', '/v1/bots', {
    workspaceId: server.adminWorkspaceId,
    bot: { ...unconnected, id: 'clx0export0whatsapp0bot02' },
  });
  const botId = created.bot.id as string;
  expect(created.bot.whatsAppCredentialsId).toBeNull();

  const set = await call('PATCH', `/v1/bots/${botId}`, { bot: { whatsAppCredentialsId: 'cred-1' } });
  expect(set.bot.whatsAppCredentialsId).toBe('cred-1');

  const cleared = await request(server.url, 'POST', '/graphql', {
    token: server.adminToken,
    json: {
      query:
        'mutation ($botId: ID!, $bot: JSON!) { updateBot(botId: $botId, bot: $bot) { whatsAppCredentialsId settings } }',
      variables: { botId, bot: { whatsAppCredentialsId: null } },
    },
  });
  expect(cleared.body).toEqual({
    data: {
      updateBot: {
        whatsAppCredentialsId: null,
        settings: { whatsApp: { isEnabled: true, startCondition: null, sessionExpiryTimeout: 4 } },
      },
    },
  });
});
