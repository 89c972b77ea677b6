// A messaging channel (WhatsApp Cloud API, Telegram Bot API): the provider's
// webhook updates read as provider-neutral messages, and a turn's output
// written as the provider's send requests. A channel is one folder under
// src/services/channels/ implementing this interface; the inbox, the
// conversation processor and the outbox are shared by every channel.
import type { ChatMessage, ClientSideAction, InputObject, ReplyMessage } from '../../engine/wire';

export type ChannelKind = 'whatsApp' | 'telegram';

/** What a person sent, whatever the provider. */
export type InboundContent =
  | { type: 'text'; text: string }
  /** A button, list row or inline-keyboard reply: `id` is the id the channel gave the choice when it sent it. */
  | { type: 'reply'; id: string; title: string }
  | {
      type: 'media';
      kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
      /** The provider's media id (WhatsApp) or file id (Telegram), fetched through the provider's API. */
      mediaId: string;
      mimeType?: string;
      caption?: string;
    }
  | { type: 'location'; latitude: number; longitude: number }
  /** Telegram's /start: a new conversation whatever the session. */
  | { type: 'restart' }
  | { type: 'unsupported'; providerType: string };

/** One message of a webhook update. */
export interface InboundMessage {
  /** The provider's id of the message: a re-delivered message has the same one (answered once). */
  externalId: string;
  /** The conversation it belongs to within the connection (WhatsApp: the sender's number; Telegram: the chat id). */
  conversationKey: string;
  /** When the provider says it was sent (Unix ms). */
  sentAt: number;
  contact?: { name?: string; phoneNumber?: string };
  /**
   * The provider account it was sent to, when the update names it (WhatsApp:
   * the business number's id; one Meta app posts every number's messages to
   * each of its webhooks).
   */
  recipient?: string;
  content: InboundContent;
  /** Telegram: the callback query to acknowledge (answerCallbackQuery). */
  callbackQueryId?: string;
}

/** A turn's output, as the chat use cases return it. */
export interface TurnToSend {
  messages: readonly ChatMessage[];
  input?: InputObject;
  clientSideActions?: readonly ClientSideAction[];
}

/** One call to the provider's API, relative to its base URL; the sender adds the address and the credentials. */
export interface OutboundRequest {
  method: 'GET' | 'POST';
  /** E.g. `/{phoneNumberId}/messages` (WhatsApp) or `/sendMessage` (Telegram). */
  path: string;
  body?: Record<string, unknown>;
}

/**
 * What a choice sent as buttons/list/keyboard maps back to, kept with the
 * conversation until the next reply. A multiple choice sent as a numbered list
 * keeps its items under `#1`, `#2`… (numbered-choices.ts).
 */
export interface SentChoices {
  /** reply id → the text the engine matches (the item's content). */
  [replyId: string]: string;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | undefined>>;
}

export interface Channel<Credentials> {
  readonly kind: ChannelKind;
  /** True when the request comes from the provider (WhatsApp: X-Hub-Signature-256; Telegram: the secret token). */
  verify(request: WebhookRequest, credentials: Credentials): boolean;
  /**
   * The messages of one webhook update (status updates and the like give none).
   * `receivedAt` (Unix ms) dates what the provider leaves undated (Telegram's callback queries).
   */
  parse(update: unknown, receivedAt: number): InboundMessage[];
  /** The message the chat use cases receive for an inbound one (undefined: nothing to answer). */
  toReply(message: InboundMessage, choices: SentChoices): ReplyMessage | undefined;
  /**
   * A turn's output as provider requests, in the order they must be sent, and the choices they offered.
   * The credentials give the paths what they need (WhatsApp's phone number id); nothing secret goes in a request.
   */
  render(
    turn: TurnToSend,
    conversationKey: string,
    credentials: Credentials,
  ): { requests: OutboundRequest[]; choices: SentChoices };
  /** What to send as soon as a message is taken up: read receipt, typing indicator, callback acknowledgement. */
  acknowledge(message: InboundMessage, credentials: Credentials): OutboundRequest[];
}
