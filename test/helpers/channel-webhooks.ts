import { createHmac } from 'node:crypto';
import type { ChannelKind } from '../../src/services/channels/channel';
import { emailInput, group, textBubble, v6Bot, type Json } from './chat';
import { FAKE_TELEGRAM_TOKEN } from './fake-telegram-api';
import { FAKE_WHATSAPP_TOKEN } from './fake-whatsapp-api';
import { request } from './http';
import type { TestServer } from './test-server';

// Channel conversations driven through the providers' webhooks, as Meta and
// Telegram call them: updates built in the providers' formats, WhatsApp's
// signed with the app secret (X-Hub-Signature-256), Telegram's carrying the
// secret token, posted over HTTP to a running server (in-process or a
// `parley serve` process).

/** What the helpers need of a server: its API origin and the admin's access. */
export type ApiTarget = Pick<TestServer, 'url' | 'adminToken' | 'adminWorkspaceId'>;

export const APP_SECRET = 'meta-app-secret-of-the-test-app';
export const SECRET_TOKEN = 'telegram-webhook-secret-0123456789';

/** Credentials whose webhook secrets the tests know (WhatsApp's phone number id: PN-<name>). */
export async function createWebhookCredentials(server: ApiTarget, kind: ChannelKind, name: string): Promise<string> {
  const data =
    kind === 'whatsApp'
      ? {
          phoneNumberId: `PN-${name}`,
          businessAccountId: 'WABA-1',
          accessToken: FAKE_WHATSAPP_TOKEN,
          appSecret: APP_SECRET,
        }
      : { botToken: FAKE_TELEGRAM_TOKEN, secretToken: SECRET_TOKEN };
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: { type: kind, name, data },
  });
  if (created.status !== 200) throw new Error(`credentials: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.credentials.id as string;
}

/** Creates and publishes a bot connected to the credentials (`settings.messagingApp`); answers its id. */
export async function connectBotThroughApi(server: ApiTarget, definition: Json, credentialsId: string) {
  const call = async (method: 'POST', path: string, json?: Json) => {
    const answer = await request(server.url, method, path, { token: server.adminToken, json });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const bot = { ...definition, settings: { ...definition.settings, messagingApp: { isEnabled: true, credentialsId } } };
  const created = await call('POST', '/v1/bots', { workspaceId: server.adminWorkspaceId, bot });
  await call('POST', `/v1/bots/${created.bot.id}/publish`);
  return created.bot.id as string;
}

let sequence = 0;
const next = () => (sequence += 1);

/** WhatsApp: a message a person sent to the business number `PN-<name>`. */
export function whatsAppMessage(phoneNumberId: string, from: string, message: Json): { id: string; update: Json } {
  const id = `wamid.E2E${String(next()).padStart(8, '0')}`;
  const update = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: `Person ${from}` }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  };
  return { id, update };
}

export const waTextOf = (body: string) => ({ type: 'text', text: { body } });
export const waButtonOf = (id: string, title: string) => ({
  type: 'interactive',
  interactive: { type: 'button_reply', button_reply: { id, title } },
});
export const waListRowOf = (id: string, title: string) => ({
  type: 'interactive',
  interactive: { type: 'list_reply', list_reply: { id, title } },
});

/** Telegram: a text message in a private chat. */
export function telegramText(chatId: number, text: string): { id: string; update: Json } {
  const id = next();
  const from = { id: chatId, is_bot: false, first_name: 'Ada' };
  return {
    id: String(id),
    update: {
      update_id: id,
      message: {
        message_id: id,
        from,
        chat: { id: chatId, type: 'private', first_name: 'Ada' },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    },
  };
}

/** Telegram: a press on a button of the inline keyboard sent as `keyboard` (the keyboard message's reply_markup). */
export function telegramCallback(chatId: number, data: string, keyboard: Json): { id: string; update: Json } {
  const id = next();
  const from = { id: chatId, is_bot: false, first_name: 'Ada' };
  return {
    id: String(id),
    update: {
      update_id: id,
      callback_query: {
        id: `cbq-${id}`,
        from,
        chat_instance: '-123456789',
        data,
        message: {
          message_id: 1000 + id,
          from: { id: 123456789, is_bot: true, first_name: 'Parley Test Bot' },
          chat: { id: chatId, type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text: 'keyboard',
          reply_markup: keyboard,
        },
      },
    },
  };
}

const webhookPath = (server: ApiTarget, kind: 'whatsapp' | 'telegram', credentialsId: string) =>
  `/v1/workspaces/${server.adminWorkspaceId}/${kind}/${credentialsId}/webhook`;

export const signatureOf = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Posts an update as Meta does (the signature over the exact bytes sent); answers the HTTP status. */
export async function postWhatsApp(server: ApiTarget, credentialsId: string, update: Json): Promise<number> {
  const raw = JSON.stringify(update);
  const answer = await request(server.url, 'POST', webhookPath(server, 'whatsapp', credentialsId), {
    raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw) },
  });
  return answer.status;
}

/** Posts an update as Telegram does (its secret token in a header); answers the HTTP status. */
export async function postTelegram(server: ApiTarget, credentialsId: string, update: Json): Promise<number> {
  const answer = await request(server.url, 'POST', webhookPath(server, 'telegram', credentialsId), {
    raw: JSON.stringify(update),
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET_TOKEN },
  });
  return answer.status;
}

export const PLANS = ['Starter', 'Team', 'Business', 'Enterprise', 'Nonprofit'];
export const IMAGE_URL = 'https://cdn.example.com/acme/brochure.png';

/**
 * A lead-generation bot: a yes/later/no question (buttons), the plan among
 * five (a list), a picture, the e-mail (retried when invalid), a thank-you.
 */
export function leadBot(): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textBubble('welcome', 'Welcome to Acme! Would you like a demo?'),
        {
          id: 'demo',
          type: 'choice input',
          items: [
            { id: 'demo-yes', content: 'Yes please' },
            { id: 'demo-later', content: 'Later' },
            { id: 'demo-no', content: 'No thanks' },
          ],
          options: { variableId: 'vdemo' },
        },
        textBubble('plan-q', 'Which plan fits your team?'),
        {
          id: 'plan',
          type: 'choice input',
          items: PLANS.map((plan) => ({ id: `plan-${plan.toLowerCase()}`, content: plan })),
          options: { variableId: 'vplan' },
        },
        { id: 'brochure', type: 'image', content: { url: IMAGE_URL } },
        textBubble('mail-q', 'Where can we send the offer?'),
        emailInput('mail', 'vmail'),
        textBubble('thanks', 'Thank you! The {{Plan}} offer is on its way to {{Email}}.'),
      ]),
    ],
    variables: [
      { id: 'vdemo', name: 'Demo' },
      { id: 'vplan', name: 'Plan' },
      { id: 'vmail', name: 'Email' },
    ],
  });
}
