import { loadConfig } from '../../../src/config';

const load = (env: Record<string, string>) => loadConfig(env, () => undefined);

describe('the channels settings', () => {
  it('default to the providers’ public APIs, a 10 s wait cap, eight at once each way, 10 s per provider request, leases of a minute and 30 s, 1,000 waiting and 1,200 a minute per connection, a week kept', () => {
    expect(load({}).channels).toEqual({
      whatsAppApiUrl: 'https://graph.facebook.com/v21.0',
      telegramApiUrl: 'https://api.telegram.org',
      waitCapMs: 10_000,
      processorConcurrency: 8,
      senderConcurrency: 8,
      eventLeaseMs: 60_000,
      requestTimeoutMs: 10_000,
      deliveryLeaseMs: 30_000,
      maxPendingPerConnection: 1000,
      messagesPerMinute: 1200,
      retentionMs: 7 * 24 * 3600_000,
    });
  });

  it('take a base URL with a path, kept without its trailing slash', () => {
    const config = load({
      PARLEY_WHATSAPP_API_URL: 'http://127.0.0.1:4010/v19.0/',
      PARLEY_TELEGRAM_API_URL: 'https://proxy.example.com/telegram',
      PARLEY_CHANNEL_WAIT_CAP_MS: '0',
      PARLEY_CHANNEL_PROCESSORS: '16',
      PARLEY_CHANNEL_SENDERS: '4',
      PARLEY_CHANNEL_EVENT_LEASE_MS: '5000',
      PARLEY_CHANNEL_REQUEST_TIMEOUT_MS: '3000',
      PARLEY_CHANNEL_DELIVERY_LEASE_MS: '11000',
      PARLEY_CHANNEL_RETENTION_HOURS: '24',
      PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION: '50',
      PARLEY_CHANNEL_MESSAGES_PER_MINUTE: '60',
    });
    expect(config.channels).toEqual({
      whatsAppApiUrl: 'http://127.0.0.1:4010/v19.0',
      telegramApiUrl: 'https://proxy.example.com/telegram',
      waitCapMs: 0,
      processorConcurrency: 16,
      senderConcurrency: 4,
      eventLeaseMs: 5000,
      requestTimeoutMs: 3000,
      deliveryLeaseMs: 11_000,
      maxPendingPerConnection: 50,
      messagesPerMinute: 60,
      retentionMs: 24 * 3600_000,
    });
  });

  it.each([
    ['not a URL', 'graph.facebook.com'],
    ['another scheme', 'ftp://graph.facebook.com'],
    ['a query', 'https://graph.facebook.com/v21.0?x=1'],
    ['credentials', 'https://user:pass@graph.facebook.com'],
  ])('refuse %s, naming the variable', (_what, value) => {
    expect(() => load({ PARLEY_WHATSAPP_API_URL: value })).toThrow(
      /^PARLEY_WHATSAPP_API_URL must be an absolute http\(s\) URL/,
    );
  });

  it('refuse a connection cap or rate limit of 0 (no connection could deliver anything)', () => {
    expect(() => load({ PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION: '0' })).toThrow(
      /^PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION must be/,
    );
    expect(() => load({ PARLEY_CHANNEL_MESSAGES_PER_MINUTE: '0' })).toThrow(
      /^PARLEY_CHANNEL_MESSAGES_PER_MINUTE must be/,
    );
  });

  it('refuse a wait cap that is not a whole number', () => {
    expect(() => load({ PARLEY_CHANNEL_WAIT_CAP_MS: '1.5' })).toThrow(/^PARLEY_CHANNEL_WAIT_CAP_MS must be/);
  });

  it('refuse a delivery lease a provider request could outlast, and no retention at all', () => {
    expect(() => load({ PARLEY_CHANNEL_DELIVERY_LEASE_MS: '5000' })).toThrow(
      'PARLEY_CHANNEL_DELIVERY_LEASE_MS must be longer than PARLEY_CHANNEL_REQUEST_TIMEOUT_MS (10000 ms), got 5000',
    );
    expect(() => load({ PARLEY_CHANNEL_REQUEST_TIMEOUT_MS: '2000', PARLEY_CHANNEL_DELIVERY_LEASE_MS: '2000' })).toThrow(
      'PARLEY_CHANNEL_DELIVERY_LEASE_MS must be longer than PARLEY_CHANNEL_REQUEST_TIMEOUT_MS (2000 ms), got 2000',
    );
    expect(
      load({ PARLEY_CHANNEL_REQUEST_TIMEOUT_MS: '1000', PARLEY_CHANNEL_DELIVERY_LEASE_MS: '2000' }).channels,
    ).toMatchObject({ requestTimeoutMs: 1000, deliveryLeaseMs: 2000 });
    expect(() => load({ PARLEY_CHANNEL_REQUEST_TIMEOUT_MS: '500' })).toThrow(
      'PARLEY_CHANNEL_REQUEST_TIMEOUT_MS must be a whole number ≥ 1000 (ms), got "500"',
    );
    expect(() => load({ PARLEY_CHANNEL_RETENTION_HOURS: '0' })).toThrow(
      'PARLEY_CHANNEL_RETENTION_HOURS must be a whole number ≥ 1 (hours), got "0"',
    );
  });

  it('refuse no worker at all', () => {
    expect(() => load({ PARLEY_CHANNEL_PROCESSORS: '0' })).toThrow(/^PARLEY_CHANNEL_PROCESSORS must be/);
    expect(() => load({ PARLEY_CHANNEL_SENDERS: '0' })).toThrow(/^PARLEY_CHANNEL_SENDERS must be/);
  });
});
