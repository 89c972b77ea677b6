import { connectBot, createChannelCredentials, settled, textMessage, until } from '../../helpers/channel-events';
import { receiveEvents } from '../../../src/services/channels/inbox';
import { emailInput, group, textBubble, textInput, v6Bot } from '../../helpers/chat';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// A process that dies between the chat turn's commit and the event's own
// (deliveries stored, event completed) leaves an event that is taken up again
// once its lease runs out. The database refuses the deliveries' insert once
// (a trigger): the chat turn has committed, the event has not, as after a
// kill between the two. Taken up again, the event sends what its turn said,
// once, instead of answering the message again against a conversation that
// has moved on (the e-mail question would take the name as its answer).

let server: TestServer;
let whatsApp: FakeWhatsAppApi;

let channels: ChannelTestServer;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  channels = await startChannelTestServer({ channels: { eventLeaseMs: 600 }, logLines });
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

const refuseDeliveries = (): Promise<unknown> =>
  server.provider === 'sqlite'
    ? server.db.$executeRawUnsafe(
        `CREATE TRIGGER "refuse_delivery" BEFORE INSERT ON "ChannelDelivery" BEGIN SELECT RAISE(ABORT, 'deliveries refused'); END`,
      )
    : server.db.$transaction([
        server.db.$executeRawUnsafe(
          `CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'deliveries refused'; END $$`,
        ),
        server.db.$executeRawUnsafe(
          `CREATE TRIGGER refuse_delivery BEFORE INSERT ON "ChannelDelivery" FOR EACH ROW EXECUTE FUNCTION refuse_delivery()`,
        ),
      ]);

const acceptDeliveries = (): Promise<unknown> =>
  server.provider === 'sqlite'
    ? server.db.$executeRawUnsafe(`DROP TRIGGER "refuse_delivery"`)
    : server.db.$transaction([
        server.db.$executeRawUnsafe(`DROP TRIGGER refuse_delivery ON "ChannelDelivery"`),
        server.db.$executeRawUnsafe(`DROP FUNCTION refuse_delivery()`),
      ]);

const bodies = () => whatsApp.sentMessages().map((message) => message.text.body);

test('an event taken up again after its turn committed sends what the turn said, once', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'replay');
  const { botId } = await connectBot(
    server,
    v6Bot({
      groups: [
        group('g1', [
          textBubble('hello', 'Your name?'),
          textInput('name', 'vName'),
          textBubble('ask', 'Thanks {{Name}}. Your e-mail?'),
          emailInput('email'),
        ]),
      ],
      variables: [{ id: 'vName', name: 'Name' }],
    }),
    credentialsId,
  );
  await receiveEvents(server.db, credentialsId, 'whatsApp', [textMessage('15551001', 'hi')]);
  server.wakeChannels();
  await settled(server);
  expect(bodies()).toEqual(['Your name?']);
  whatsApp.reset();

  await refuseDeliveries();
  try {
    await receiveEvents(server.db, credentialsId, 'whatsApp', [textMessage('15551001', 'Ann')]);
    server.wakeChannels();
    // The turn committed (the answer is in the result); the event did not complete.
    await until(async () => (await server.db.answer.count({ where: { blockId: 'name' } })) === 1, 'the chat turn');
    // The deliveries' insert was refused: the triggers stay until then (under load the turn's commit and the
    // insert after it can be far apart). The event is taken up again once its lease (600 ms) runs out.
    await until(() => logLines.some((line) => line.msg === 'channel event not completed'), 'the refused deliveries');
  } finally {
    await acceptDeliveries();
  }
  await settled(server);

  const event = await server.db.channelEvent.findFirstOrThrow({ where: { credentialsId }, orderBy: { id: 'desc' } });
  expect([event.status, event.attempts]).toEqual(['done', 2]);
  expect(bodies()).toEqual(['Thanks Ann. Your e-mail?']);
  const answers = await server.db.answer.findMany({ where: { result: { botId } }, orderBy: { createdAt: 'asc' } });
  expect(answers.map((answer) => [answer.blockId, answer.content])).toEqual([['name', 'Ann']]);
  expect(await server.db.rejectedAnswer.count({ where: { result: { botId } } })).toBe(0);
  expect(await server.db.turnReceipt.count()).toBe(0);
});
