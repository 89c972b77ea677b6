import { until } from '../../helpers/channel-events';
import {
  createWebhookCredentials,
  postWhatsApp,
  signatureOf,
  waTextOf,
  whatsAppMessage,
} from '../../helpers/channel-webhooks';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Each connection's limits on what its webhook stores (docs/channels.md#fairness):
// at most PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION messages waiting to be
// answered, at most PARLEY_CHANNEL_MESSAGES_PER_MINUTE delivered a minute.
// An update over either is refused whole with 429 (the provider delivers it
// again later): nothing of it is stored. Other connections are not affected.

const CAP = 5;
const PER_MINUTE = 8;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ channels: { maxPendingPerConnection: CAP, messagesPerMinute: PER_MINUTE } });
});

afterAll(async () => {
  await server?.close();
});

/** One signed WhatsApp update carrying `count` text messages of the conversation `from`. */
function update(phoneNumberId: string, from: string, count: number) {
  const messages = Array.from(
    { length: count },
    () => (whatsAppMessage(phoneNumberId, from, waTextOf('hi')).update as any).entry[0].changes[0].value.messages[0],
  );
  const { update: batch } = whatsAppMessage(phoneNumberId, from, waTextOf('hi'));
  (batch as any).entry[0].changes[0].value.messages = messages;
  return batch;
}

/** Posts the update signed as Meta does; answers the whole HTTP answer (status, headers, body). */
function post(credentialsId: string, body: unknown) {
  const raw = JSON.stringify(body);
  return request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/whatsapp/${credentialsId}/webhook`, {
    raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw) },
  });
}

const pending = (credentialsId: string) =>
  server.db.channelEvent.count({ where: { credentialsId, status: 'pending' } });

const refusal = { code: 'TOO_MANY_REQUESTS', message: expect.any(String), issues: [] };

test('the cap: an update that would take the connection over it is refused whole, 429', async () => {
  const full = await createWebhookCredentials(server, 'whatsApp', 'full');
  const other = await createWebhookCredentials(server, 'whatsApp', 'spare');
  // A message another process is answering (its claim good for an hour): its conversation's next ones wait behind it.
  await server.db.channelEvent.create({
    data: {
      credentialsId: full,
      channel: 'whatsApp',
      externalId: 'wamid.HELD',
      conversationKey: '15550001',
      message: JSON.stringify({ externalId: 'wamid.HELD', conversationKey: '15550001', sentAt: 0, content: {} }),
      receivedAt: new Date(),
      attempts: 1,
      claimedUntil: new Date(Date.now() + 3_600_000),
    },
  });

  const over = await post(full, update('PN-full', '15550001', CAP));
  expect([over.status, over.body]).toEqual([429, refusal]);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(await pending(full)).toBe(1);

  expect((await post(full, update('PN-full', '15550001', CAP - 1))).status).toBe(200);
  expect(await pending(full)).toBe(CAP);
  const oneMore = await post(full, update('PN-full', '15550001', 1));
  expect([oneMore.status, oneMore.body]).toEqual([429, refusal]);
  expect(await pending(full)).toBe(CAP);

  // Another connection's messages are taken as before.
  expect(await postWhatsApp(server, other, update('PN-spare', '15550002', 3))).toBe(200);
  expect(await server.db.channelEvent.count({ where: { credentialsId: other } })).toBe(3);

  // Once the held message is answered and the queue drains, the connection takes updates again.
  await server.db.channelEvent.updateMany({
    where: { externalId: 'wamid.HELD' },
    data: { status: 'done', claimedUntil: null, processedAt: new Date() },
  });
  server.wakeChannels();
  await until(async () => (await pending(full)) === 0, "the connection's queue to drain");
  expect((await post(full, update('PN-full', '15550001', 1))).status).toBe(200);
});

test("the rate limit: an update over the connection's messages of the minute is refused whole, 429 with Retry-After", async () => {
  const busy = await createWebhookCredentials(server, 'whatsApp', 'busy');
  const other = await createWebhookCredentials(server, 'whatsApp', 'calm');
  const drained = () => until(async () => (await pending(busy)) === 0, "the connection's queue to drain");

  expect((await post(busy, update('PN-busy', '15550003', 4))).status).toBe(200);
  await drained();
  expect((await post(busy, update('PN-busy', '15550004', PER_MINUTE - 4))).status).toBe(200);
  await drained();
  const stored = await server.db.channelEvent.count({ where: { credentialsId: busy } });
  expect(stored).toBe(PER_MINUTE);

  const over = await post(busy, update('PN-busy', '15550005', 1));
  expect([over.status, over.body]).toEqual([429, refusal]);
  const retryAfter = Number(over.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await server.db.channelEvent.count({ where: { credentialsId: busy } })).toBe(stored);

  // Status updates (no message) are still answered 200, and other connections keep their own budget.
  expect((await post(busy, update('PN-busy', '15550005', 0))).status).toBe(200);
  expect((await post(other, update('PN-calm', '15550006', 4))).status).toBe(200);
});

test('an update refused or not, a bad signature is still a 401 and nothing else', async () => {
  const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'unsigned');
  const answer = await request(
    server.url,
    'POST',
    `/v1/workspaces/${server.adminWorkspaceId}/whatsapp/${credentialsId}/webhook`,
    {
      raw: JSON.stringify(update('PN-unsigned', '15550007', CAP + 1)),
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
    },
  );
  expect(answer.status).toBe(401);
});
