// The WhatsApp Cloud API channel.
import type { Channel, InboundMessage, OutboundRequest } from '../channel';
import { headerOf } from '../headers';
import { toReply } from '../reply';
import { parseWhatsAppUpdate } from './inbound';
import { messagesPath, renderWhatsAppTurn } from './outbound';
import { verifyWhatsAppSignature } from './signature';

export interface WhatsAppCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  /** Signs the webhook requests (X-Hub-Signature-256). */
  appSecret: string;
  /** Echoed back when Meta verifies the webhook's address (hub.verify_token). */
  verifyToken: string;
}

/** Marks the message read and shows the typing indicator until the answer (one call). */
function readReceipt(message: InboundMessage, credentials: WhatsAppCredentials): OutboundRequest {
  return {
    method: 'POST',
    path: messagesPath(credentials.phoneNumberId),
    body: {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: message.externalId,
      typing_indicator: { type: 'text' },
    },
  };
}

export const whatsAppChannel: Channel<WhatsAppCredentials> = {
  kind: 'whatsApp',
  verify: (request, credentials) =>
    verifyWhatsAppSignature(request.rawBody, headerOf(request, 'x-hub-signature-256'), credentials.appSecret),
  parse: parseWhatsAppUpdate,
  toReply,
  render: (turn, conversationKey, credentials) => renderWhatsAppTurn(turn, conversationKey, credentials.phoneNumberId),
  acknowledge: (message, credentials) => [readReceipt(message, credentials)],
};
