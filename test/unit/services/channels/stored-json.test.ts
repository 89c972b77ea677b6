import type { InboundMessage, OutboundRequest } from '../../../../src/services/channels/channel';
import { storedChoices, storedMessage, storedRequest } from '../../../../src/services/channels/stored-json';

describe('stored channel JSON', () => {
  test('a message reads back as written, whatever its content', () => {
    const contents: InboundMessage['content'][] = [
      { type: 'text', text: 'hi' },
      { type: 'reply', id: 'c1', title: 'Yes' },
      { type: 'media', kind: 'image', mediaId: 'm1', mimeType: 'image/jpeg', caption: 'me' },
      { type: 'location', latitude: 48.85, longitude: 2.35 },
      { type: 'restart' },
      { type: 'unsupported', providerType: 'dice' },
    ];
    for (const content of contents) {
      const message: InboundMessage = {
        externalId: 'x1',
        conversationKey: 'k',
        sentAt: 1,
        contact: { name: 'Ada' },
        recipient: 'PN',
        content,
        callbackQueryId: 'q',
      };
      expect(storedMessage(JSON.stringify(message))).toEqual(message);
    }
  });

  test('a message that is not JSON, or lacks a field, or has an unknown content, does not read', () => {
    expect(storedMessage('{')).toBeUndefined();
    expect(storedMessage('null')).toBeUndefined();
    expect(storedMessage(JSON.stringify({ externalId: 'x', conversationKey: 'k', sentAt: 1 }))).toBeUndefined();
    const content = { type: 'poll', question: '?' };
    expect(
      storedMessage(JSON.stringify({ externalId: 'x', conversationKey: 'k', sentAt: 1, content })),
    ).toBeUndefined();
  });

  test('a request reads back as written; another method or a missing path does not', () => {
    const request: OutboundRequest = { method: 'POST', path: '/sendMessage', body: { chat_id: 1, text: 'hi' } };
    expect(storedRequest(JSON.stringify(request))).toEqual(request);
    expect(storedRequest(JSON.stringify({ method: 'GET', path: '/getMe' }))).toEqual({ method: 'GET', path: '/getMe' });
    expect(storedRequest(JSON.stringify({ method: 'PUT', path: '/x' }))).toBeUndefined();
    expect(storedRequest(JSON.stringify({ method: 'POST' }))).toBeUndefined();
    expect(storedRequest('')).toBeUndefined();
  });

  test('choices read back as written; unreadable ones are none (the reply is then read as text)', () => {
    expect(storedChoices(JSON.stringify({ c1: 'Yes', '#1': 'Red' }))).toEqual({ c1: 'Yes', '#1': 'Red' });
    expect(storedChoices('{"c1": 3}')).toEqual({});
    expect(storedChoices('[')).toEqual({});
  });
});
