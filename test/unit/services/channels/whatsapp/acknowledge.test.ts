import { whatsAppChannel } from '../../../../../src/services/channels/whatsapp/channel';

test('acknowledge: a read receipt with the typing indicator, to the phone number', () => {
  const credentials = {
    phoneNumberId: '123',
    businessAccountId: 'w',
    accessToken: 't',
    appSecret: 's',
    verifyToken: 'v',
  };
  const message = {
    externalId: 'wamid.1',
    conversationKey: '336',
    sentAt: 0,
    content: { type: 'text' as const, text: 'x' },
  };
  expect(whatsAppChannel.acknowledge(message, credentials)).toEqual([
    {
      method: 'POST',
      path: '/123/messages',
      body: {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: 'wamid.1',
        typing_indicator: { type: 'text' },
      },
    },
  ]);
});
