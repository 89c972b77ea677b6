import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TEST_ENCRYPTION_KEY } from './test-server';

// Real MCP clients (the SDK's) for Parley's two transports.

/** A tool call's answer: the JSON the tool wrote, and whether it is an error. */
export interface ToolAnswer<T = any> {
  isError: boolean;
  value: T;
}

export async function callTool<T = any>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolAnswer<T>> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  const text = content[0]?.type === 'text' ? content[0].text : '';
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the SDK's own refusals (arguments that do not fit the input schema) are plain text.
  }
  return { isError: result.isError === true, value: value as T };
}

/** Calls a tool that must succeed; its error is shown when it does not. */
export async function okTool<T = any>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const answer = await callTool<T>(client, name, args);
  expect({ name, isError: answer.isError, error: answer.isError ? answer.value : undefined }).toEqual({
    name,
    isError: false,
    error: undefined,
  });
  return answer.value;
}

export async function httpClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'parley-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const mainJs = path.resolve(__dirname, '../../dist/src/main.js');

/**
 * `parley mcp` as a desktop assistant starts it: a child process over the test
 * server's database, its links on the test server's origins. With
 * `exitStatus`, it runs under a shell that writes `exit status N` to standard
 * error when it ends (the SDK's transport keeps the status to itself).
 */
export async function stdioClient(
  server: { databaseUrl: string; url: string; chatUrl: string },
  token: string,
  stderr: string[] = [],
  { exitStatus = false }: { exitStatus?: boolean } = {},
): Promise<Client> {
  const { PARLEY_ADMIN_TOKEN: _token, PARLEY_ADMIN_EMAIL: _email, PORT: _port, ...inherited } = process.env;
  const command = exitStatus
    ? { command: '/bin/sh', args: ['-c', '"$0" "$1" mcp; echo "exit status $?" >&2', process.execPath, mainJs] }
    : { command: process.execPath, args: [mainJs, 'mcp'] };
  const transport = new StdioClientTransport({
    ...command,
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...(inherited as Record<string, string>),
      DATABASE_URL: server.databaseUrl,
      PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PARLEY_PUBLIC_URL: server.url,
      PARLEY_CHAT_URL: server.chatUrl,
      PARLEY_TOKEN: token,
      PARLEY_CODE_THREADS: '1',
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const client = new Client({ name: 'parley-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
