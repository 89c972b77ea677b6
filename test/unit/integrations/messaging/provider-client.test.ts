import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboundClient } from '../../../../src/integrations/http/client';
import { parseAllowList } from '../../../../src/integrations/http/guard';
import {
  createProviderClient,
  type ProviderAccount,
  type ProviderClient,
} from '../../../../src/integrations/messaging/provider-client';
import { FAKE_TELEGRAM_TOKEN, startFakeTelegramApi, type FakeTelegramApi } from '../../../helpers/fake-telegram-api';
import { FAKE_WHATSAPP_TOKEN, startFakeWhatsAppApi, type FakeWhatsAppApi } from '../../../helpers/fake-whatsapp-api';

// The provider client against real local stand-ins of both APIs, through the
// outbound guard with loopback allow-listed as a deployment would: what the
// providers receive, and how each kind of answer (or its absence) reads.

const allowed = createOutboundClient({ allow: parseAllowList('127.0.0.1') });
// Answers are awaited patiently (the stand-ins share two cores with the rest of
// the suite: a 300 ms limit once cut off a 429); only the tests of a provider
// that never answers use the quick limit.
const client: ProviderClient = createProviderClient({ outbound: allowed, timeoutMs: 5_000, mediaTimeoutMs: 5_000 });
const impatient: ProviderClient = createProviderClient({ outbound: allowed, timeoutMs: 300, mediaTimeoutMs: 300 });

let whatsApp: FakeWhatsAppApi;
let telegram: FakeTelegramApi;
let whatsAppAccount: ProviderAccount;
let telegramAccount: ProviderAccount;

beforeAll(async () => {
  [whatsApp, telegram] = await Promise.all([startFakeWhatsAppApi(), startFakeTelegramApi()]);
  whatsAppAccount = { kind: 'whatsApp', baseUrl: whatsApp.baseUrl, token: FAKE_WHATSAPP_TOKEN };
  telegramAccount = { kind: 'telegram', baseUrl: telegram.baseUrl, token: FAKE_TELEGRAM_TOKEN };
});
afterAll(() => Promise.all([whatsApp.close(), telegram.close()]));
beforeEach(() => {
  whatsApp.reset();
  telegram.reset();
});

const whatsAppText = {
  method: 'POST' as const,
  path: '/1234567890/messages',
  body: { messaging_product: 'whatsapp', to: '15550001111', type: 'text', text: { body: 'Hello' } },
};
const telegramText = { method: 'POST' as const, path: '/sendMessage', body: { chat_id: 42, text: 'Hello' } };

describe('send', () => {
  it('posts to WhatsApp at base URL + path with the bearer token and the JSON body', async () => {
    const outcome = await client.send(whatsAppAccount, whatsAppText);
    expect(outcome).toEqual({
      ok: true,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '15550001111', wa_id: '15550001111' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      },
    });
    expect(whatsApp.requests).toHaveLength(1);
    const [request] = whatsApp.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v21.0/1234567890/messages', body: whatsAppText.body });
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${FAKE_WHATSAPP_TOKEN}`,
      'content-type': 'application/json',
    });
  });

  it('posts to Telegram at base URL + /bot<token> + path, the token in the URL only', async () => {
    const outcome = await client.send(telegramAccount, telegramText);
    expect(outcome).toMatchObject({ ok: true, body: { ok: true, result: { message_id: 1, chat: { id: 42 } } } });
    expect(telegram.requests).toHaveLength(1);
    const [request] = telegram.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/bot${FAKE_TELEGRAM_TOKEN}/sendMessage`,
      body: telegramText.body,
    });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers['content-type']).toBe('application/json');
  });

  it('sends a GET without a body', async () => {
    await client.send(telegramAccount, { method: 'GET', path: '/getMe' });
    expect(telegram.requests[0]).toMatchObject({
      method: 'GET',
      path: `/bot${FAKE_TELEGRAM_TOKEN}/getMe`,
      body: undefined,
    });
    expect(telegram.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('reads 429 as retryable, with Retry-After in ms (header, else Telegram’s retry_after)', async () => {
    whatsApp.failNext(1, 429, 7);
    expect(await client.send(whatsAppAccount, whatsAppText)).toEqual({
      ok: false,
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
      error: 'WhatsApp POST /1234567890/messages: HTTP 429: (#130429) Rate limit hit',
    });
    telegram.failNext(1, 429, 3);
    expect(await client.send(telegramAccount, telegramText)).toMatchObject({ retryable: true, retryAfterMs: 3000 });
    telegram.failNext(1, 429);
    expect(await client.send(telegramAccount, telegramText)).toMatchObject({ retryable: true, retryAfterMs: 1000 });
  });

  it('reads 5xx as retryable, then delivers once the provider is back', async () => {
    whatsApp.failNext(1, 500);
    telegram.failNext(1, 502);
    expect(await client.send(whatsAppAccount, whatsAppText)).toMatchObject({ ok: false, retryable: true, status: 500 });
    expect(await client.send(telegramAccount, telegramText)).toMatchObject({ ok: false, retryable: true, status: 502 });
    expect(await client.send(whatsAppAccount, whatsAppText)).toMatchObject({ ok: true });
    expect(await client.send(telegramAccount, telegramText)).toMatchObject({ ok: true });
  });

  it('reads other 4xx as permanent, with the provider’s description', async () => {
    expect(await client.send(telegramAccount, { ...telegramText, body: { chat_id: 42 } })).toEqual({
      ok: false,
      retryable: false,
      status: 400,
      error: 'Telegram POST /sendMessage: HTTP 400: Bad Request: message text is empty',
    });
    const noProduct = { ...whatsAppText, body: { to: '15550001111', type: 'text', text: { body: 'Hi' } } };
    expect(await client.send(whatsAppAccount, noProduct)).toEqual({
      ok: false,
      retryable: false,
      status: 400,
      error: 'WhatsApp POST /1234567890/messages: HTTP 400: (#100) The parameter messaging_product is required.',
    });
    expect(await client.send({ ...whatsAppAccount, token: 'wrong' }, whatsAppText)).toMatchObject({
      retryable: false,
      status: 401,
    });
  });

  it('gives up on a provider that does not answer in time, as retryable', async () => {
    whatsApp.hangNext(1);
    telegram.hangNext(1);
    const started = Date.now();
    const [fromWhatsApp, fromTelegram] = await Promise.all([
      impatient.send(whatsAppAccount, whatsAppText),
      impatient.send(telegramAccount, telegramText),
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fromWhatsApp).toEqual({
      ok: false,
      retryable: true,
      error: 'WhatsApp POST /1234567890/messages: timed out',
    });
    expect(fromTelegram).toEqual({ ok: false, retryable: true, error: 'Telegram POST /sendMessage: timed out' });
  });

  it('reads a refused connection as retryable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await client.send({ ...telegramAccount, baseUrl: `http://127.0.0.1:${port}` }, telegramText);
    expect(outcome).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('never shows the token in an outcome', async () => {
    const texts: string[] = [];
    const collect = (outcome: { ok: boolean; error?: string }) => texts.push(outcome.error ?? '');
    telegram.failNext(1, 500);
    collect(await client.send(telegramAccount, telegramText));
    collect(await client.send(telegramAccount, { method: 'POST', path: '/noSuchMethod/x' }));
    telegram.hangNext(1);
    collect(await impatient.send(telegramAccount, telegramText));
    collect(await client.downloadMedia(telegramAccount, 'missing-file', 1024));
    collect(await client.send({ ...telegramAccount, baseUrl: 'http://10.0.0.1' }, telegramText));
    whatsApp.failNext(1, 429, 1);
    collect(await client.send(whatsAppAccount, whatsAppText));
    collect(await client.downloadMedia(whatsAppAccount, 'missing-media', 1024));
    expect(texts.every(Boolean)).toBe(true);
    for (const text of texts) {
      expect(text).not.toContain(FAKE_TELEGRAM_TOKEN);
      expect(text).not.toContain(FAKE_WHATSAPP_TOKEN);
    }
  });
});

describe('the outbound guard', () => {
  it('refuses a private address unless the deployment allows it, and nothing reaches it', async () => {
    const guarded = createProviderClient({ outbound: createOutboundClient(), timeoutMs: 300 });
    const outcome = await guarded.send(whatsAppAccount, whatsAppText);
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      error:
        'WhatsApp POST /1234567890/messages: refused by the outbound guard: ' +
        'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
    });
    expect(await guarded.downloadMedia(telegramAccount, 'file-1', 1024)).toMatchObject({ ok: false, retryable: false });
    expect(whatsApp.requests).toHaveLength(0);
    expect(telegram.requests).toHaveLength(0);
    expect(await client.send(whatsAppAccount, whatsAppText)).toMatchObject({ ok: true });
  });
});

describe('downloadMedia', () => {
  const photo = Buffer.from('fake-jpeg-bytes-0123456789');

  it('looks a WhatsApp media id up, then fetches its URL with the bearer token', async () => {
    whatsApp.media.set('media-1', { bytes: photo, mimeType: 'image/jpeg' });
    const outcome = await client.downloadMedia(whatsAppAccount, 'media-1', 1024);
    expect(outcome).toEqual({ ok: true, bytes: photo, contentType: 'image/jpeg' });
    expect(whatsApp.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v21.0/media-1',
      'GET /media-files/media-1',
    ]);
    for (const request of whatsApp.requests)
      expect(request.headers.authorization).toBe(`Bearer ${FAKE_WHATSAPP_TOKEN}`);
  });

  it('asks Telegram for the file path, then downloads it under /file/bot<token>/', async () => {
    telegram.files.set('file-1', { bytes: photo, filePath: 'photos/file_1.jpg' });
    const outcome = await client.downloadMedia(telegramAccount, 'file-1', 1024);
    expect(outcome).toEqual({ ok: true, bytes: photo, contentType: 'application/octet-stream' });
    expect(telegram.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /bot${FAKE_TELEGRAM_TOKEN}/getFile?file_id=file-1`,
      `GET /file/bot${FAKE_TELEGRAM_TOKEN}/photos/file_1.jpg`,
    ]);
  });

  it('refuses a file larger than the cap, without downloading it', async () => {
    whatsApp.media.set('media-2', { bytes: photo, mimeType: 'image/jpeg' });
    telegram.files.set('file-2', { bytes: photo, filePath: 'photos/file_2.jpg' });
    expect(await client.downloadMedia(whatsAppAccount, 'media-2', 10)).toEqual({
      ok: false,
      retryable: false,
      error: 'WhatsApp media download: the file is larger than 10 bytes',
    });
    expect(await client.downloadMedia(telegramAccount, 'file-2', 10)).toEqual({
      ok: false,
      retryable: false,
      error: 'Telegram file download: the file is larger than 10 bytes',
    });
    expect(whatsApp.requests).toHaveLength(1);
    expect(telegram.requests).toHaveLength(1);
  });

  it('stops reading a file past the cap when its size was not told', async () => {
    const big = Buffer.alloc(256 * 1024, 1);
    telegram.files.set('file-3', { bytes: big, filePath: 'documents/big.bin', hideSize: true });
    expect(await client.downloadMedia(telegramAccount, 'file-3', 1000)).toEqual({
      ok: false,
      retryable: false,
      error: 'Telegram file download: the file is larger than 1000 bytes',
    });
    expect(telegram.requests).toHaveLength(2);
    expect(await client.downloadMedia(telegramAccount, 'file-3', big.length)).toMatchObject({ ok: true, bytes: big });
  });

  it('reads an unknown media id as permanent, and a failing file server as retryable', async () => {
    expect(await client.downloadMedia(telegramAccount, 'nope', 1024)).toMatchObject({
      ok: false,
      retryable: false,
      status: 400,
      error: 'Telegram GET /getFile: HTTP 400: Bad Request: invalid file_id',
    });
    whatsApp.media.set('media-3', { bytes: photo, mimeType: 'image/png' });
    whatsApp.failNext(1, 503);
    expect(await client.downloadMedia(whatsAppAccount, 'media-3', 1024)).toMatchObject({
      retryable: true,
      status: 503,
    });
    whatsApp.reset();
    // The look-up is answered; the file server then keeps the download waiting.
    const download = impatient.downloadMedia(whatsAppAccount, 'media-3', 1024);
    await whatsApp.waitForRequests(1);
    whatsApp.hangNext(1);
    expect(await download).toEqual({ ok: false, retryable: true, error: 'WhatsApp media download: timed out' });
  });
});
