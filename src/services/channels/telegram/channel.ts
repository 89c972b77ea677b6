// The Telegram Bot API channel.
import type { Channel, InboundMessage, OutboundRequest } from '../channel';
import { headerOf } from '../headers';
import { toReply } from '../reply';
import { sameSecret } from '../../../same-secret';
import { parseTelegramUpdate } from './inbound';
import { renderTelegramTurn } from './outbound';

export interface TelegramCredentials {
  botToken: string;
  /** Set with setWebhook; Telegram sends it back in X-Telegram-Bot-Api-Secret-Token. */
  secretToken: string;
}

/** The callback answered first (Telegram shows a spinner on the button until then), then "typing…". */
function acknowledgements(message: InboundMessage): OutboundRequest[] {
  const requests: OutboundRequest[] = [];
  if (message.callbackQueryId)
    requests.push({
      method: 'POST',
      path: '/answerCallbackQuery',
      body: { callback_query_id: message.callbackQueryId },
    });
  requests.push({
    method: 'POST',
    path: '/sendChatAction',
    body: { chat_id: message.conversationKey, action: 'typing' },
  });
  return requests;
}

export const telegramChannel: Channel<TelegramCredentials> = {
  kind: 'telegram',
  verify: (request, credentials) =>
    sameSecret(headerOf(request, 'x-telegram-bot-api-secret-token'), credentials.secretToken),
  parse: parseTelegramUpdate,
  toReply,
  render: (turn, conversationKey) => renderTelegramTurn(turn, conversationKey),
  acknowledge: acknowledgements,
};
