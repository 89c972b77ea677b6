import { createHmac } from 'node:crypto';
import { whatsAppChannel } from '../../../../../src/services/channels/whatsapp/channel';
import { verifyWhatsAppSignature } from '../../../../../src/services/channels/whatsapp/signature';

const body = Buffer.from('{"object":"whatsapp_business_account"}');
const sign = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const credentials = {
  phoneNumberId: '123',
  businessAccountId: 'waba',
  accessToken: 'token',
  appSecret: 'app-secret',
  verifyToken: 'verify',
};

describe('verifyWhatsAppSignature', () => {
  test('accepts the HMAC-SHA256 of the raw body keyed with the app secret, hex in either case', () => {
    expect(verifyWhatsAppSignature(body, sign('app-secret'), 'app-secret')).toBe(true);
    expect(
      verifyWhatsAppSignature(body, sign('app-secret').toUpperCase().replace('SHA256=', 'sha256='), 'app-secret'),
    ).toBe(true);
  });

  test('refuses another secret, a missing or malformed header, an altered body', () => {
    expect(verifyWhatsAppSignature(body, sign('other'), 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(body, undefined, 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(body, sign('app-secret').slice('sha256='.length), 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(body, 'sha256=abc', 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(body, `sha256=${'z'.repeat(64)}`, 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(Buffer.from('{}'), sign('app-secret'), 'app-secret')).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(''), '')).toBe(false);
  });

  test('the channel reads the header whatever the case of its name', () => {
    const headers = { 'X-Hub-Signature-256': sign('app-secret') };
    expect(whatsAppChannel.verify({ rawBody: body, headers }, credentials)).toBe(true);
    expect(whatsAppChannel.verify({ rawBody: body, headers: {} }, credentials)).toBe(false);
  });
});
