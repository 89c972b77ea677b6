import { parseWhatsAppUpdate } from '../../../../../src/services/channels/whatsapp/inbound';

const RECEIVED = 1_700_000_999_000;

function update(messages: unknown[], extra: Record<string, unknown> = {}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: '123' },
              contacts: [{ profile: { name: 'Ada' }, wa_id: '33600000000' }],
              messages,
              ...extra,
            },
          },
        ],
      },
    ],
  };
}

const base = { from: '33600000000', id: 'wamid.1', timestamp: '1700000000' };
const parsedBase = {
  externalId: 'wamid.1',
  conversationKey: '33600000000',
  sentAt: 1_700_000_000_000,
  contact: { name: 'Ada', phoneNumber: '33600000000' },
  // The business number the message was sent to (value.metadata.phone_number_id).
  recipient: '123',
};

describe('parseWhatsAppUpdate', () => {
  test('a text message, with the sender profile name and number', () => {
    expect(parseWhatsAppUpdate(update([{ ...base, type: 'text', text: { body: 'Hello' } }]), RECEIVED)).toEqual([
      { ...parsedBase, content: { type: 'text', text: 'Hello' } },
    ]);
  });

  test('button and list replies, and a template quick reply', () => {
    const messages = [
      { ...base, type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'i1', title: 'Yes' } } },
      { ...base, type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'i9', title: 'Nine' } } },
      { ...base, type: 'button', button: { text: 'Stop', payload: 'STOP' } },
      { ...base, type: 'button', button: { text: 'Go' } },
    ];
    expect(parseWhatsAppUpdate(update(messages), RECEIVED).map((message) => message.content)).toEqual([
      { type: 'reply', id: 'i1', title: 'Yes' },
      { type: 'reply', id: 'i9', title: 'Nine' },
      { type: 'reply', id: 'STOP', title: 'Stop' },
      { type: 'reply', id: 'Go', title: 'Go' },
    ]);
  });

  test('media: id, mime type and caption; a location', () => {
    const messages = [
      { ...base, type: 'image', image: { id: 'm1', mime_type: 'image/jpeg', sha256: 'x', caption: 'Look' } },
      { ...base, type: 'video', video: { id: 'm2', mime_type: 'video/mp4' } },
      { ...base, type: 'audio', audio: { id: 'm3', mime_type: 'audio/ogg; codecs=opus', voice: true } },
      { ...base, type: 'document', document: { id: 'm4', mime_type: 'application/pdf', filename: 'a.pdf' } },
      { ...base, type: 'sticker', sticker: { id: 'm5', mime_type: 'image/webp', animated: false } },
      { ...base, type: 'location', location: { latitude: 48.85, longitude: 2.35, name: 'Paris' } },
    ];
    expect(parseWhatsAppUpdate(update(messages), RECEIVED).map((message) => message.content)).toEqual([
      { type: 'media', kind: 'image', mediaId: 'm1', mimeType: 'image/jpeg', caption: 'Look' },
      { type: 'media', kind: 'video', mediaId: 'm2', mimeType: 'video/mp4' },
      { type: 'media', kind: 'audio', mediaId: 'm3', mimeType: 'audio/ogg; codecs=opus' },
      { type: 'media', kind: 'document', mediaId: 'm4', mimeType: 'application/pdf' },
      { type: 'media', kind: 'sticker', mediaId: 'm5', mimeType: 'image/webp' },
      { type: 'location', latitude: 48.85, longitude: 2.35 },
    ]);
  });

  test('other message types are unsupported; status updates, other objects and junk give nothing', () => {
    const reaction = { ...base, type: 'reaction', reaction: { message_id: 'x', emoji: '👍' } };
    expect(parseWhatsAppUpdate(update([reaction]), RECEIVED)).toEqual([
      { ...parsedBase, content: { type: 'unsupported', providerType: 'reaction' } },
    ]);
    const statuses = [{ id: 'wamid.0', status: 'delivered', timestamp: '1700000000', recipient_id: '33600000000' }];
    expect(parseWhatsAppUpdate(update([], { statuses }), RECEIVED)).toEqual([]);
    expect(
      parseWhatsAppUpdate({ ...update([{ ...base, type: 'text', text: { body: 'x' } }]), object: 'page' }, 0),
    ).toEqual([]);
    expect(parseWhatsAppUpdate(null, RECEIVED)).toEqual([]);
    expect(parseWhatsAppUpdate({ object: 'whatsapp_business_account', entry: 'x' }, RECEIVED)).toEqual([]);
  });

  test('a sender without a profile has only a number; a message without a timestamp is dated on reception', () => {
    const other = { from: '4470000', id: 'wamid.2', type: 'text', text: { body: 'Hi' } };
    expect(parseWhatsAppUpdate(update([other]), RECEIVED)).toEqual([
      {
        externalId: 'wamid.2',
        conversationKey: '4470000',
        sentAt: RECEIVED,
        contact: { phoneNumber: '4470000' },
        recipient: '123',
        content: { type: 'text', text: 'Hi' },
      },
    ]);
  });
});
