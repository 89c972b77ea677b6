// A Cloud API webhook body (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples)
// as inbound messages: `entry[].changes[].value.messages[]`, the sender's
// profile name from `value.contacts`. Status updates (`value.statuses`) carry
// no message and give none.
import type { InboundContent, InboundMessage } from '../channel';
import { type JsonRecord, numberOf, recordOf, recordsOf, stringOf } from '../json';

const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;

function mediaContent(kind: (typeof MEDIA_KINDS)[number], media: JsonRecord | undefined): InboundContent {
  const mediaId = stringOf(media?.id);
  if (!mediaId) return { type: 'unsupported', providerType: kind };
  const mimeType = stringOf(media?.mime_type);
  const caption = stringOf(media?.caption);
  return { type: 'media', kind, mediaId, ...(mimeType ? { mimeType } : {}), ...(caption ? { caption } : {}) };
}

function interactiveContent(interactive: JsonRecord | undefined): InboundContent {
  const type = stringOf(interactive?.type) ?? 'interactive';
  const reply = recordOf(type === 'button_reply' || type === 'list_reply' ? interactive?.[type] : undefined);
  const id = stringOf(reply?.id);
  if (!id) return { type: 'unsupported', providerType: `interactive.${type}` };
  return { type: 'reply', id, title: typeof reply?.title === 'string' ? reply.title : '' };
}

function contentOf(message: JsonRecord): InboundContent {
  const type = stringOf(message.type) ?? 'unknown';
  switch (type) {
    case 'text': {
      const body = recordOf(message.text)?.body;
      return typeof body === 'string' ? { type: 'text', text: body } : { type: 'unsupported', providerType: type };
    }
    case 'interactive':
      return interactiveContent(recordOf(message.interactive));
    case 'button': {
      // A template's quick reply: its payload is the template's, not one of our ids.
      const button = recordOf(message.button);
      const text = typeof button?.text === 'string' ? button.text : '';
      return { type: 'reply', id: stringOf(button?.payload) ?? text, title: text };
    }
    case 'location': {
      const location = recordOf(message.location);
      const latitude = numberOf(location?.latitude);
      const longitude = numberOf(location?.longitude);
      return latitude !== undefined && longitude !== undefined
        ? { type: 'location', latitude, longitude }
        : { type: 'unsupported', providerType: type };
    }
    default: {
      const kind = MEDIA_KINDS.find((candidate) => candidate === type);
      return kind ? mediaContent(kind, recordOf(message[kind])) : { type: 'unsupported', providerType: type };
    }
  }
}

function messagesOfChange(value: JsonRecord): InboundMessage[] {
  const names = new Map<string, string>();
  for (const contact of recordsOf(value.contacts)) {
    const waId = stringOf(contact.wa_id);
    const name = stringOf(recordOf(contact.profile)?.name);
    if (waId && name) names.set(waId, name);
  }
  const recipient = stringOf(recordOf(value.metadata)?.phone_number_id);
  const messages: InboundMessage[] = [];
  for (const message of recordsOf(value.messages)) {
    const id = stringOf(message.id);
    const from = stringOf(message.from);
    if (!id || !from) continue;
    const name = names.get(from);
    messages.push({
      externalId: id,
      conversationKey: from,
      sentAt: Number(message.timestamp) * 1000 || 0,
      contact: { ...(name ? { name } : {}), phoneNumber: from },
      ...(recipient ? { recipient } : {}),
      content: contentOf(message),
    });
  }
  return messages;
}

/** `receivedAt` dates a message without a usable timestamp. */
export function parseWhatsAppUpdate(update: unknown, receivedAt: number): InboundMessage[] {
  const body = recordOf(update);
  if (body?.object !== 'whatsapp_business_account') return [];
  return recordsOf(body.entry)
    .flatMap((entry) => recordsOf(entry.changes))
    .flatMap((change) => {
      const value = recordOf(change.value);
      return value ? messagesOfChange(value) : [];
    })
    .map((message) => (message.sentAt > 0 ? message : { ...message, sentAt: receivedAt }));
}
