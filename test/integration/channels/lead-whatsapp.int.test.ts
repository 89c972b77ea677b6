import { settled } from '../../helpers/channel-events';
import {
  connectBotThroughApi,
  createWebhookCredentials,
  IMAGE_URL,
  leadBot,
  PLANS,
  postWhatsApp,
  waButtonOf,
  waListRowOf,
  waTextOf,
  whatsAppMessage,
} from '../../helpers/channel-webhooks';
import { ISO_MS, request } from '../../helpers/http';
import { FAKE_WHATSAPP_TOKEN, type FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// A lead-generation conversation on WhatsApp, end to end: signed updates
// posted to the webhook, the bot's answers as the Cloud API's stand-in
// received them (buttons, a list message, a picture, the e-mail retry, the
// thank-you), and the answers stored in the result.

let server: TestServer;
let whatsApp: FakeWhatsAppApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer();
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

const PHONE_NUMBER_ID = 'PN-lead';
const PERSON = '33612345678';
const MESSAGES_PATH = `/v21.0/${PHONE_NUMBER_ID}/messages`;

const read = (messageId: string) => ({
  messaging_product: 'whatsapp',
  status: 'read',
  message_id: messageId,
  typing_indicator: { type: 'text' },
});
const sent = (message: Record<string, unknown>) => ({ messaging_product: 'whatsapp', to: PERSON, ...message });
const text = (body: string) => sent({ type: 'text', text: { body } });

test('buttons, a list of five, a picture, an e-mail retried, a thank-you; the answers in the result', async () => {
  const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'lead');
  const botId = await connectBotThroughApi(server, leadBot(), credentialsId);

  /** Posts what the person sent and answers the requests the stand-in received for it. */
  const say = async (message: Record<string, unknown>) => {
    const before = whatsApp.requests.length;
    const { id, update } = whatsAppMessage(PHONE_NUMBER_ID, PERSON, message);
    expect(await postWhatsApp(server, credentialsId, update)).toBe(200);
    await settled(server);
    const received = whatsApp.requests.slice(before);
    for (const each of received) {
      expect([each.method, each.path]).toEqual(['POST', MESSAGES_PATH]);
      expect(each.headers.authorization).toBe(`Bearer ${FAKE_WHATSAPP_TOKEN}`);
    }
    return { id, bodies: received.map((each) => each.body) };
  };

  const hello = await say(waTextOf('Hi'));
  expect(hello.bodies).toEqual([
    read(hello.id),
    sent({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Welcome to Acme! Would you like a demo?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'demo-yes', title: 'Yes please' } },
            { type: 'reply', reply: { id: 'demo-later', title: 'Later' } },
            { type: 'reply', reply: { id: 'demo-no', title: 'No thanks' } },
          ],
        },
      },
    }),
  ]);

  const demo = await say(waButtonOf('demo-yes', 'Yes please'));
  expect(demo.bodies).toEqual([
    read(demo.id),
    sent({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Which plan fits your team?' },
        action: {
          button: 'Choose',
          sections: [{ rows: PLANS.map((plan) => ({ id: `plan-${plan.toLowerCase()}`, title: plan })) }],
        },
      },
    }),
  ]);

  const plan = await say(waListRowOf('plan-team', 'Team'));
  expect(plan.bodies).toEqual([
    read(plan.id),
    sent({ type: 'image', image: { link: IMAGE_URL } }),
    text('Where can we send the offer?'),
  ]);

  const invalid = await say(waTextOf('ada at example'));
  expect(invalid.bodies).toEqual([
    read(invalid.id),
    text("This email doesn't seem to be valid. Can you type it again?"),
  ]);

  const valid = await say(waTextOf('ada@example.com'));
  expect(valid.bodies).toEqual([read(valid.id), text('Thank you! The Team offer is on its way to ada@example.com.')]);

  expect(whatsApp.requests).toHaveLength(11);
  const events = await server.db.channelEvent.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
  expect(events.map((event) => [event.externalId, event.status])).toEqual(
    [hello, demo, plan, invalid, valid].map((step) => [step.id, 'done']),
  );

  const results = await request(server.url, 'GET', `/v1/bots/${botId}/results`, { token: server.adminToken });
  expect(results.status).toBe(200);
  expect(results.body.results).toHaveLength(1);
  const [result] = results.body.results;
  expect(result).toMatchObject({ botId, hasStarted: true, isCompleted: true });
  const answer = (blockId: string, variableId: string, content: string) => ({
    blockId,
    groupId: 'g1',
    variableId,
    content,
    attachedFileUrls: null,
    createdAt: expect.stringMatching(ISO_MS),
  });
  expect(result.answers).toEqual([
    answer('demo', 'vdemo', 'Yes please'),
    answer('plan', 'vplan', 'Team'),
    answer('mail', 'vmail', 'ada@example.com'),
  ]);
  expect(result.variables).toEqual([
    { id: 'vdemo', name: 'Demo', value: 'Yes please' },
    { id: 'vplan', name: 'Plan', value: 'Team' },
    { id: 'vmail', name: 'Email', value: 'ada@example.com' },
  ]);
});
