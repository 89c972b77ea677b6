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
import { request } from '../../helpers/http';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// The channels' figures on GET /metrics: messages received and answered,
// deliveries sent (and retried) with their latency, the queues' depth.

const METRICS_TOKEN = 'channel-metrics-token';

let server: TestServer;
let whatsApp: FakeWhatsAppApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer({ metricsToken: METRICS_TOKEN });
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

/** The value of one sample of the scrape (0 when absent), read from the text format. */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const response = await request(server.url, 'GET', '/metrics', { token: METRICS_TOKEN });
  expect(response.status).toBe(200);
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = String(response.body)
    .split('\n')
    .find((each) => each.startsWith(`${name}{${wanted}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('a message through the webhook counts as received then answered; its deliveries as sent; the queues drain to 0', async () => {
  const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'metrics');
  await connectBotThroughApi(
    server,
    v6Bot({ groups: [group('g1', [textBubble('b', 'Hi!'), textInput('t')])] }),
    credentialsId,
  );
  const before = {
    received: await sample('parley_channel_events_total', { channel: 'whatsApp', stage: 'received' }),
    answered: await sample('parley_channel_events_total', { channel: 'whatsApp', stage: 'answered' }),
    sent: await sample('parley_channel_deliveries_total', { channel: 'whatsApp', outcome: 'sent' }),
    retried: await sample('parley_channel_deliveries_total', { channel: 'whatsApp', outcome: 'retried' }),
    latencies: await sample('parley_channel_delivery_latency_seconds_count', { channel: 'whatsApp' }),
  };
  // The reply's first attempt meets a 500: one retry, then sent.
  whatsApp.failWhen((request) => JSON.stringify(request.body).includes('Hi!'), 500);
  const { update } = whatsAppMessage('PN-metrics', '15550999', waTextOf('hello'));
  expect(await postWhatsApp(server, credentialsId, update)).toBe(200);
  // The read receipt and the reply.
  await until(() => whatsApp.sentMessages().some((message) => JSON.stringify(message).includes('Hi!')), 'the reply');
  await until(
    async () =>
      (await sample('parley_channel_deliveries_total', { channel: 'whatsApp', outcome: 'sent' })) >= before.sent + 2,
    'both deliveries counted',
  );
  expect(await sample('parley_channel_events_total', { channel: 'whatsApp', stage: 'received' })).toBe(
    before.received + 1,
  );
  expect(await sample('parley_channel_events_total', { channel: 'whatsApp', stage: 'answered' })).toBe(
    before.answered + 1,
  );
  expect(await sample('parley_channel_deliveries_total', { channel: 'whatsApp', outcome: 'retried' })).toBe(
    before.retried + 1,
  );
  expect(await sample('parley_channel_delivery_latency_seconds_count', { channel: 'whatsApp' })).toBe(
    before.latencies + 2,
  );
  expect(await sample('parley_channel_queue_depth', { queue: 'inbox' })).toBe(0);
  expect(await sample('parley_channel_queue_depth', { queue: 'outbox' })).toBe(0);
});
