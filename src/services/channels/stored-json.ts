// The channels' JSON columns read back: a received message (ChannelEvent),
// a provider request (ChannelDelivery) and the choices a conversation was
// offered (ChannelConversation). Parsed against their shapes rather than cast,
// so that a row written by another release, or edited by hand, gives a clear
// "unreadable" rather than a failure somewhere down the turn.
import { z } from 'zod';
import { jsonAs } from '../../engine/json';
import type { InboundMessage, OutboundRequest, SentChoices } from './channel';

const inboundContent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reply'), id: z.string(), title: z.string() }),
  z.object({
    type: z.literal('media'),
    kind: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
    mediaId: z.string(),
    mimeType: z.string().optional(),
    caption: z.string().optional(),
  }),
  z.object({ type: z.literal('location'), latitude: z.number(), longitude: z.number() }),
  z.object({ type: z.literal('restart') }),
  z.object({ type: z.literal('unsupported'), providerType: z.string() }),
]);

const inboundMessage = z.object({
  externalId: z.string(),
  conversationKey: z.string(),
  sentAt: z.number(),
  contact: z.object({ name: z.string().optional(), phoneNumber: z.string().optional() }).optional(),
  recipient: z.string().optional(),
  content: inboundContent,
  callbackQueryId: z.string().optional(),
}) satisfies z.ZodType<InboundMessage>;

const outboundRequest = z.object({
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<OutboundRequest>;

const sentChoices = z.record(z.string(), z.string()) satisfies z.ZodType<SentChoices>;

/** A stored received message; undefined when it does not read as one. */
export function storedMessage(text: string): InboundMessage | undefined {
  return jsonAs(text, inboundMessage);
}

/** A stored provider request; undefined when it does not read as one. */
export function storedRequest(text: string): OutboundRequest | undefined {
  return jsonAs(text, outboundRequest);
}

/** The stored choices of a conversation; none when they do not read as such (a reply is then read as text). */
export function storedChoices(text: string): SentChoices {
  return jsonAs(text, sentChoices) ?? {};
}
