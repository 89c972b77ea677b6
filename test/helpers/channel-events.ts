import type { ChannelKind, InboundContent, InboundMessage } from '../../src/services/channels/channel';
import { receiveEvents } from '../../src/services/channels/inbox';
import { publishDefinition, type Json } from './chat';
import { FAKE_TELEGRAM_TOKEN } from './fake-telegram-api';
import { FAKE_WHATSAPP_TOKEN } from './fake-whatsapp-api';
import { request } from './http';
import type { TestServer } from './test-server';

// Channel conversations driven without the webhooks: credentials made through
// the API, bots connected to them, inbound messages stored as the webhooks
// store them, then waited on until the processor and the sender are done.

/** Channel credentials of the admin's workspace, for the providers' stand-ins (WhatsApp's phone number id: PN-<name>). */
export async function createChannelCredentials(server: TestServer, type: ChannelKind, name: string): Promise<string> {
  const data =
    type === 'whatsApp'
      ? { phoneNumberId: `PN-${name}`, businessAccountId: 'WABA-1', accessToken: FAKE_WHATSAPP_TOKEN, appSecret: 's3' }
      : { botToken: FAKE_TELEGRAM_TOKEN };
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: { type, name, data },
  });
  if (created.status !== 200) throw new Error(`credentials: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.credentials.id;
}

/** Publishes a bot connected to the channel credentials (`settings.messagingApp`). */
export function connectBot(server: TestServer, definition: Json, credentialsId: string, messagingApp: Json = {}) {
  return publishDefinition(server, {
    ...definition,
    settings: { ...definition.settings, messagingApp: { isEnabled: true, credentialsId, ...messagingApp } },
  });
}

let externalIds = 0;

/** A message as a channel parses it, with a fresh provider id. */
export function inbound(
  conversationKey: string,
  content: InboundContent,
  extra: Partial<InboundMessage> = {},
): InboundMessage {
  externalIds += 1;
  return { externalId: `ext-${externalIds}`, conversationKey, sentAt: Date.now(), content, ...extra };
}

export const textMessage = (conversationKey: string, body: string) =>
  inbound(conversationKey, { type: 'text', text: body });

export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every event processed and every delivery sent (or given up). */
export async function settled(server: TestServer): Promise<void> {
  await until(
    async () =>
      (await server.db.channelEvent.count({ where: { status: 'pending' } })) === 0 &&
      (await server.db.channelDelivery.count({ where: { status: 'pending' } })) === 0,
    'the inbox and the outbox to empty',
  );
}

/** Stores the messages as the webhook does, wakes the processor and waits until everything is sent. */
export async function receive(
  server: TestServer,
  credentialsId: string,
  channel: ChannelKind,
  ...messages: InboundMessage[]
): Promise<void> {
  await receiveEvents(server.db, credentialsId, channel, messages);
  server.wakeChannels();
  await settled(server);
}
