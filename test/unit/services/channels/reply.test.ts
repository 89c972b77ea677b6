import type { InboundContent, InboundMessage } from '../../../../src/services/channels/channel';
import { CHANNELS } from '../../../../src/services/channels/registry';
import { mediaReply, toReply } from '../../../../src/services/channels/reply';
import { telegramChannel } from '../../../../src/services/channels/telegram/channel';
import { whatsAppChannel } from '../../../../src/services/channels/whatsapp/channel';

const inbound = (content: InboundContent): InboundMessage => ({
  externalId: 'm1',
  conversationKey: 'c1',
  sentAt: 0,
  content,
});

describe('toReply', () => {
  test('text as it is; a reply as the content it stands for, with its id', () => {
    expect(toReply(inbound({ type: 'text', text: 'Hello' }), {})).toEqual({ type: 'text', text: 'Hello' });
    expect(toReply(inbound({ type: 'reply', id: 'i1', title: 'Ye…' }), { i1: 'Yes' })).toEqual({
      type: 'text',
      text: 'Yes',
      metadata: { replyId: 'i1' },
    });
    expect(toReply(inbound({ type: 'reply', id: 'STOP', title: 'Stop' }), {})).toEqual({
      type: 'text',
      text: 'Stop',
      metadata: { replyId: 'STOP' },
    });
    expect(toReply(inbound({ type: 'reply', id: 'constructor', title: 'Odd' }), {})).toEqual({
      type: 'text',
      text: 'Odd',
      metadata: { replyId: 'constructor' },
    });
  });

  test('numbers answering a numbered list become the items contents joined with ", "', () => {
    const choices = { '#1': 'Cheese', '#2': 'Ham', '#3': 'Olives' };
    expect(toReply(inbound({ type: 'text', text: '1, 3' }), choices)).toEqual({ type: 'text', text: 'Cheese, Olives' });
    expect(toReply(inbound({ type: 'text', text: ' 3 1 ' }), choices)).toEqual({
      type: 'text',
      text: 'Olives, Cheese',
    });
    expect(toReply(inbound({ type: 'text', text: '2,2' }), choices)).toEqual({ type: 'text', text: 'Ham' });
    expect(toReply(inbound({ type: 'text', text: '1, 4' }), choices)).toEqual({ type: 'text', text: '1, 4' });
    expect(toReply(inbound({ type: 'text', text: 'Ham and 1' }), choices)).toEqual({ type: 'text', text: 'Ham and 1' });
    expect(toReply(inbound({ type: 'text', text: '1' }), {})).toEqual({ type: 'text', text: '1' });
  });

  test('a location as "lat, long"; media, restarts and unsupported messages answer nothing here', () => {
    expect(toReply(inbound({ type: 'location', latitude: 48.85, longitude: 2.35 }), {})).toEqual({
      type: 'text',
      text: '48.85, 2.35',
    });
    expect(toReply(inbound({ type: 'media', kind: 'image', mediaId: 'x' }), {})).toBeUndefined();
    expect(toReply(inbound({ type: 'restart' }), {})).toBeUndefined();
    expect(toReply(inbound({ type: 'unsupported', providerType: 'reaction' }), {})).toBeUndefined();
  });

  test('mediaReply gives the stored file as text and attachment', () => {
    expect(mediaReply('https://files.example/a.png')).toEqual({
      type: 'text',
      text: 'https://files.example/a.png',
      attachedFileUrls: ['https://files.example/a.png'],
    });
  });
});

test('the registry holds each channel under its kind', () => {
  expect(CHANNELS).toEqual({ whatsApp: whatsAppChannel, telegram: telegramChannel });
  for (const [kind, channel] of Object.entries(CHANNELS)) expect(channel.kind).toBe(kind);
});
