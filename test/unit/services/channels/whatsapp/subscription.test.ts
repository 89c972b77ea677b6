import { whatsAppSubscriptionChallenge } from '../../../../../src/services/channels/whatsapp/subscription';

test('the webhook verification answers the challenge only to a subscribe with the verify token', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify', 'hub.challenge': '1158201444' };
  expect(whatsAppSubscriptionChallenge(query, 'verify')).toBe('1158201444');
  expect(whatsAppSubscriptionChallenge(query, 'other')).toBeUndefined();
  expect(whatsAppSubscriptionChallenge({ ...query, 'hub.mode': 'unsubscribe' }, 'verify')).toBeUndefined();
  expect(whatsAppSubscriptionChallenge({ ...query, 'hub.verify_token': undefined }, 'verify')).toBeUndefined();
  expect(whatsAppSubscriptionChallenge({ ...query, 'hub.verify_token': '' }, '')).toBeUndefined();
});
