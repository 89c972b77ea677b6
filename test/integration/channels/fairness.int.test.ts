import { until } from '../../helpers/channel-events';
import {
  connectBotThroughApi,
  createWebhookCredentials,
  postWhatsApp,
  waTextOf,
  whatsAppMessage,
} from '../../helpers/channel-webhooks';
import { group, textBubble, textInput, v6Bot } from '../../helpers/chat';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// One connection floods its webhook with a single update of many messages
// (each a new conversation); another connection's one message, posted just
// after, is answered in the flood's midst, not behind it: the processor
// claims round the connections with pending events, not the oldest event of
// all (docs/channels.md#fairness). One processor at a time, so that the order
// of the answers is the order of the claims.

jest.setTimeout(120_000);

const FLOOD = 200;

let server: TestServer;
let whatsApp: FakeWhatsAppApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer({ channels: { processorConcurrency: 1 } });
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

const oneQuestion = () => v6Bot({ groups: [group('g1', [textBubble('q1', 'Your name?'), textInput('name')])] });

/** One WhatsApp update carrying a text message from each sender, as Meta batches them. */
function floodUpdate(phoneNumberId: string, senders: string[]) {
  const updates = senders.map((from) => whatsAppMessage(phoneNumberId, from, waTextOf('hi')).update);
  const [first] = updates as any[];
  first.entry[0].changes[0].value.messages = updates.map((update: any) => update.entry[0].changes[0].value.messages[0]);
  first.entry[0].changes[0].value.contacts = updates.map((update: any) => update.entry[0].changes[0].value.contacts[0]);
  return first;
}

test("a flood of one connection does not hold up another connection's message", async () => {
  const flooding = await createWebhookCredentials(server, 'whatsApp', 'flooding');
  const other = await createWebhookCredentials(server, 'whatsApp', 'other');
  await connectBotThroughApi(server, oneQuestion(), flooding);
  await connectBotThroughApi(server, oneQuestion(), other);

  const senders = Array.from({ length: FLOOD }, (_, index) => String(15550100000 + index));
  expect(await postWhatsApp(server, flooding, floodUpdate('PN-flooding', senders))).toBe(200);
  expect(await postWhatsApp(server, other, whatsAppMessage('PN-other', '15559990000', waTextOf('hi')).update)).toBe(
    200,
  );

  const answered = () => whatsApp.sentMessages().map((body) => body.to as string);
  await until(() => answered().includes('15559990000'), "the other connection's answer", 90_000);
  const floodAnsweredBefore = answered().indexOf('15559990000');
  // Oldest first, it would have come after all 200; in turn, it comes after a few of the flood's.
  expect(floodAnsweredBefore).toBeLessThan(FLOOD / 2);

  // The flood is answered all the same, each conversation once.
  await until(() => answered().length === FLOOD + 1, 'the flood answered', 90_000);
  expect(new Set(answered()).size).toBe(FLOOD + 1);
});
