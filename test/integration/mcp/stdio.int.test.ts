import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
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
