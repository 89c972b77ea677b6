import { AppError } from '../../../../src/errors';
import { ownWebhookUrl, type ConnectionRef } from '../../../../src/services/channels/connection';

// The one address Telegram may be told for a connection: its webhook on the
// console origin, configured (PARLEY_PUBLIC_URL) or derived from the request.

const connection: ConnectionRef = { kind: 'telegram', workspaceId: 'ws1', credentialsId: 'cr1' };
const PATH = '/v1/workspaces/ws1/telegram/cr1/webhook';

function refusal(run: () => unknown): { code: string; issues: unknown } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, issues: error.issues };
  }
}

const atWebhookUrl = { code: 'BAD_REQUEST', issues: [{ message: expect.any(String), path: ['webhookUrl'] }] };

test('absent: the own address on the origin', () => {
  expect(ownWebhookUrl(connection, 'https://parley.example', undefined)).toBe(`https://parley.example${PATH}`);
  expect(ownWebhookUrl(connection, 'https://parley.example/', undefined)).toBe(`https://parley.example${PATH}`);
});

test('a derived http origin: its own address, over http or https (a TLS proxy in front)', () => {
  const origin = 'http://bots.example:3000';
  expect(ownWebhookUrl(connection, origin, `http://bots.example:3000${PATH}`)).toBe(`http://bots.example:3000${PATH}`);
  expect(ownWebhookUrl(connection, origin, ` https://BOTS.example:3000${PATH} `)).toBe(
    `https://bots.example:3000${PATH}`,
  );
  expect(refusal(() => ownWebhookUrl(connection, origin, `https://bots.example${PATH}`))).toEqual(atWebhookUrl);
});

test('an https origin: never http, never another host, path, query or fragment', () => {
  const origin = 'https://parley.example';
  for (const url of [
    `http://parley.example${PATH}`,
    `https://evil.example${PATH}`,
    `https://parley.example${PATH}/x`,
    `https://parley.example/v1/workspaces/ws1/telegram/cr2/webhook`,
    `https://parley.example${PATH}?a=1`,
    `https://parley.example${PATH}#a`,
    `https://a@parley.example${PATH}`,
    'not a url',
  ])
    expect(refusal(() => ownWebhookUrl(connection, origin, url))).toEqual(atWebhookUrl);
});

test('no console origin (no Host, no PARLEY_PUBLIC_URL): refused', () => {
  expect(refusal(() => ownWebhookUrl(connection, undefined, undefined))).toEqual(atWebhookUrl);
});
