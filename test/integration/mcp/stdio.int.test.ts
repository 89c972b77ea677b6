import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { request } from '../../helpers/http';
import { callTool, okTool, stdioClient } from '../../helpers/mcp';
import { buildTestPublishAndRead } from '../../helpers/mcp-scenario';
import { createUserWithToken, startTestServer, TEST_ENCRYPTION_KEY, type TestServer } from '../../helpers/test-server';

// `parley mcp` as a desktop assistant runs it: a child process speaking MCP
// on its standard input and output (dist/src/main.js, built by npm run build),
// over the database of a test server that visitors chat with.

jest.setTimeout(90_000);

let server: TestServer;
let admin: Client;
const stderr: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await stdioClient(server, server.adminToken, stderr);
});
afterAll(async () => {
  await admin?.close();
  await server.close();
});

test('builds, tests and publishes a bot, then reads its answers, over stdio', async () => {
  await buildTestPublishAndRead(admin, server, server.adminWorkspaceId);
  // Standard output is the protocol's: the server's own lines went to standard error.
  expect(stderr.join('')).toContain('Parley MCP server ready on stdio');
});

test("share links name the chat origin parley mcp is configured with (PARLEY_CHAT_URL), as the README's desktop snippet says", async () => {
  const chatUrl = 'https://chat.parley.test';
  const configured = await stdioClient({ ...server, chatUrl }, server.adminToken);
  try {
    const botId = (await okTool(configured, 'create_bot', { workspaceId: server.adminWorkspaceId, name: 'Linked' })).id;
    await okTool(configured, 'edit_bot', {
      botId,
      edits: [
        {
          op: 'addGroup',
          blocks: [{ type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi' }] }] } }],
        },
      ],
    });
    const bot = await okTool(configured, 'get_bot', { botId });
    await okTool(configured, 'edit_bot', {
      botId,
      edits: [
        { op: 'connect', from: { eventId: bot.outline.start.eventId }, to: { groupId: bot.outline.groups[0].id } },
      ],
    });
    const published = await okTool(configured, 'publish_bot', { botId });
    expect(published.shareUrl).toBe(`${chatUrl}/${published.publicId}`);
    expect((await okTool(configured, 'get_bot', { botId })).shareUrl).toBe(`${chatUrl}/${published.publicId}`);
  } finally {
    await configured.close();
  }
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const desktop = readme.split('\n- **').find((entry) => entry.startsWith('Desktop assistant (stdio)'));
  expect(desktop).toContain('"PARLEY_CHAT_URL"');
});

test("a GUEST token cannot write, and another workspace's bot is not found", async () => {
  const botId = (await okTool(admin, 'create_bot', { workspaceId: server.adminWorkspaceId, name: 'Guarded' })).id;
  const guestToken = (
    await createUserWithToken(server.db, 'guest@parley.test', { workspaceId: server.adminWorkspaceId, role: 'GUEST' })
  ).token;
  const guest = await stdioClient(server, guestToken);
  try {
    const edit = await callTool(guest, 'edit_bot', { botId, edits: [{ op: 'addVariable', name: 'X' }] });
    expect(edit.value.error?.code).toBe('FORBIDDEN');
    expect((await callTool(guest, 'publish_bot', { botId })).value.error?.code).toBe('FORBIDDEN');
  } finally {
    await guest.close();
  }
  const outsider = await stdioClient(server, (await createUserWithToken(server.db, 'outsider@parley.test')).token);
  try {
    expect((await callTool(outsider, 'get_bot', { botId })).value.error?.code).toBe('NOT_FOUND');
  } finally {
    await outsider.close();
  }
});

test('refuses to start without a valid token, saying why on standard error', async () => {
  const main = path.resolve(__dirname, '../../../dist/src/main.js');
  const run = (token: string | undefined) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const { PARLEY_TOKEN: _unused, ...env } = process.env;
      const child = spawn(process.execPath, [main, 'mcp'], {
        env: {
          ...env,
          DATABASE_URL: server.databaseUrl,
          PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          ...(token ? { PARLEY_TOKEN: token } : {}),
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr: err, stdout: out }));
    });
  const without = await run(undefined);
  expect(without).toMatchObject({ code: 2, stdout: '' });
  expect(without.stderr).toContain('PARLEY_TOKEN');
  const wrong = await run('not-a-token-of-anyone');
  expect(wrong).toMatchObject({ code: 2, stdout: '' });
  expect(wrong.stderr).toContain('PARLEY_TOKEN is not a valid API token');
});

describe('a token that stops being valid ends a running session at its next request', () => {
  const TOKEN_GONE =
    'This API token was revoked or no longer exists: set PARLEY_TOKEN to a valid token and restart parley mcp';
  const refusal = {
    code: -32000,
    message: `MCP error -32000: ${TOKEN_GONE}`,
    data: { code: 'UNAUTHORIZED', message: TOKEN_GONE, issues: [] },
  };

  /** A member's token, a session with it, and what ends that session (the revocation or deletion is the test's). */
  async function session(email: string) {
    const member = await createUserWithToken(server.db, email, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const stderr: string[] = [];
    const client = await stdioClient(server, member.token, stderr, { exitStatus: true });
    const ended = new Promise<void>((resolve) => (client.onclose = resolve));
    const revoke = async () => {
      // Through the API, with the token itself.
      const listed = await request(server.url, 'GET', '/v1/users/me/api-tokens', { token: member.token });
      const [{ id }] = listed.body.apiTokens as [{ id: string }];
      const revoked = await request(server.url, 'DELETE', `/v1/users/me/api-tokens/${id}`, { token: member.token });
      expect(revoked.status).toBe(200);
    };
    /** The process has ended, saying why on standard error, with a non-zero status. */
    const endedSayingWhy = async () => {
      await ended;
      const text = stderr.join('');
      expect(text).toContain(`${TOKEN_GONE}\n`);
      expect(text).toMatch(/exit status 1\n$/);
    };
    return { member, client, revoke, endedSayingWhy };
  }

  test('a revoked token: the next tool call is refused, creates nothing, and parley mcp exits saying why', async () => {
    const { client, revoke, endedSayingWhy } = await session('revoked-stdio@parley.test');
    const workspaceId = server.adminWorkspaceId;
    await okTool(client, 'create_bot', { workspaceId, name: 'Made before revocation' });
    await okTool(client, 'list_bots', { workspaceId });

    await revoke();
    await expect(
      client.callTool({ name: 'create_bot', arguments: { workspaceId, name: 'Made after revocation' } }),
    ).rejects.toMatchObject(refusal);
    await endedSayingWhy();

    const bots = await request(server.url, 'GET', `/v1/bots?workspaceId=${workspaceId}&limit=100`, {
      token: server.adminToken,
    });
    const names = (bots.body.bots as { name: string }[]).map((bot) => bot.name);
    expect(names).toContain('Made before revocation');
    expect(names).not.toContain('Made after revocation');
  });

  test('a revoked token: a resource read that needs no database is refused too', async () => {
    const { client, revoke, endedSayingWhy } = await session('revoked-resource@parley.test');
    expect((await client.readResource({ uri: 'parley://docs/bot-format' })).contents).toHaveLength(1);
    await revoke();
    await expect(client.readResource({ uri: 'parley://docs/bot-format' })).rejects.toMatchObject(refusal);
    await endedSayingWhy();
  });

  test("the token's user deleted: the next prompt is refused", async () => {
    const { member, client, endedSayingWhy } = await session('deleted-stdio@parley.test');
    const prompt = { name: 'build_bot', arguments: { description: 'A bot that books tables' } };
    expect((await client.getPrompt(prompt)).messages).toHaveLength(1);
    // No API deletes an account: an operator deletes the row (its tokens go with it).
    await server.db.user.delete({ where: { id: member.userId } });
    await expect(client.getPrompt(prompt)).rejects.toMatchObject(refusal);
    await endedSayingWhy();
  });
});
