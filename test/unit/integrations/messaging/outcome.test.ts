import { failureOfAnswer, retryAfterOf } from '../../../../src/integrations/messaging/outcome';

// The reading of provider answers the stand-ins do not give: WhatsApp's rate
// limits answered as 400, Retry-After as a date, a token echoed back.

describe('failureOfAnswer', () => {
  it("reads WhatsApp's throughput errors as retryable although HTTP 400", () => {
    const body = {
      error: { message: '(#131056) (Business Account, Consumer Account) pair rate limit hit', code: 131056 },
    };
    expect(failureOfAnswer(400, {}, body, 'WhatsApp POST /1/messages', 'secret')).toMatchObject({
      retryable: true,
      status: 400,
    });
    const invalid = { error: { message: '(#131009) Parameter value is not valid', code: 131009 } };
    expect(failureOfAnswer(400, {}, invalid, 'WhatsApp POST /1/messages', 'secret')).toMatchObject({
      retryable: false,
    });
  });

  it('redacts the token wherever the provider repeats it', () => {
    const body = { ok: false, error_code: 404, description: 'Not Found: /bot123:SECRET/sendMessage' };
    const failure = failureOfAnswer(404, {}, body, 'Telegram POST /sendMessage', '123:SECRET');
    expect(failure.error).toBe('Telegram POST /sendMessage: HTTP 404: Not Found: /bot<redacted>/sendMessage');
  });

  it('gives a text body as it is, cut short', () => {
    const failure = failureOfAnswer(502, {}, 'x'.repeat(2000), 'Telegram POST /sendMessage', 'secret');
    expect(failure).toMatchObject({ retryable: true, status: 502 });
    expect(failure.error.length).toBeLessThan(600);
  });
});

describe('retryAfterOf', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterOf('12', now)).toBe(12_000);
    expect(retryAfterOf('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterOf('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterOf('soon', now)).toBeUndefined();
    expect(retryAfterOf(undefined, now)).toBeUndefined();
  });
});
