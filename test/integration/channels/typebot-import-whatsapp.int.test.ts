import { settled } from '../../helpers/channel-events';
import { APP_SECRET, postWhatsApp, waTextOf, whatsAppMessage } from '../../helpers/channel-webhooks';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';
import type { Json } from '../../helpers/chat';
import { FAKE_WHATSAPP_TOKEN } from '../../helpers/fake-whatsapp-api';
import { runImport, summaryLine } from '../../helpers/typebot-import';
import { createTypebotSource, TYPEBOT_SECRET, type TypebotSource } from '../../helpers/typebot-source';
import { insertCredentials, insertTypebot, insertWorkspace } from '../../helpers/typebot-rows';

// A Typebot bot connected to a WhatsApp number, brought over by `parley
// import typebot`: once Meta's webhook points at Parley, the number answers
// from here (the local stand-in of WhatsApp's API receives the bot's words).

jest.setTimeout(60_000);

let channels: ChannelTestServer;
let source: TypebotSource;

beforeAll(async () => {
  [channels, source] = await Promise.all([startChannelTestServer(), createTypebotSource()]);
});
afterAll(async () => {
  await channels?.close();
  await source?.drop();
});

const PERSON = '33611223344';

function supportBot(): Json {
  return {
    version: '6',
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
            content: { richText: [{ type: 'p', children: [{ text: 'Hello from the Typebot instance!' }] }] },
          },
        ],
      },
    ],
    edges: [{ id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: 'g-hello' } }],
    variables: [],
    theme: {},
    settings: { whatsApp: { isEnabled: true, startCondition: null, sessionExpiryTimeout: 4 } },
  };
}

test('an imported WhatsApp number answers from Parley with the imported bot', async () => {
  const { server, whatsApp } = channels;
  const workspaceId = await insertWorkspace(source.pool, { name: 'Support' });
  const credentialsId = await insertCredentials(source.pool, {
    workspaceId,
    type: 'whatsApp',
    name: 'Support number',
    data: {
      provider: 'meta',
      systemUserAccessToken: FAKE_WHATSAPP_TOKEN,
      phoneNumberId: 'PN-imported',
      wabaId: 'WABA-1',
      appSecret: APP_SECRET,
    },
  });
  // A number of the other provider Typebot knows: listed, not imported.
  await insertCredentials(source.pool, {
    workspaceId,
    type: 'whatsApp',
    name: '360dialog number',
    data: { provider: '360dialog', apiKey: 'k' },
  });
  await insertTypebot(source.pool, {
    workspaceId,
    bot: supportBot(),
    publicId: 'support-whatsapp',
    whatsAppCredentialsId: credentialsId,
    published: true,
  });

  const run = await runImport(server.databaseUrl, ['--database', source.url, '--encryption-secret', TYPEBOT_SECRET]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  expect(summaryLine(run.stdout, 'Credentials')).toBe('Credentials 1 imported, 1 skipped');
  expect(run.stdout).toContain('Parley connects WhatsApp through Meta only (this is 360dialog)');
  expect(summaryLine(run.stdout, 'Bots')).toBe('Bots 1 imported');

  // Meta's webhook now points at Parley: the imported workspace's URL for the imported connection.
  const { id, update } = whatsAppMessage('PN-imported', PERSON, waTextOf('Hi'));
  expect(await postWhatsApp({ ...server, adminWorkspaceId: workspaceId }, credentialsId, update)).toBe(200);
  await settled(server);
  expect(whatsApp.requests.map((each) => [each.method, each.path, each.body])).toEqual([
    [
      'POST',
      '/v21.0/PN-imported/messages',
      { messaging_product: 'whatsapp', status: 'read', message_id: id, typing_indicator: { type: 'text' } },
    ],
    [
      'POST',
      '/v21.0/PN-imported/messages',
      { messaging_product: 'whatsapp', to: PERSON, type: 'text', text: { body: 'Hello from the Typebot instance!' } },
    ],
  ]);
});
