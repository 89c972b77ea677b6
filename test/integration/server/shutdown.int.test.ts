import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  group,
  publishDefinition,
  say,
  startChat,
  textBubble,
  textInput,
  setVariable,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';
import { TEST_ENCRYPTION_KEY, type TestServer } from '../../helpers/test-server';

// SIGTERM to a real `parley serve` subprocess while a slow chat turn runs:
// the turn's answer is delivered and stored, then the process exits 0.

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
const mainJs = path.join(root, 'dist/src/main.js');
const ADMIN_TOKEN = `shutdown-admin-${Date.now()}`;
// About 700 ms of CPU in the sandbox (its limit is 1 s per evaluation).
const SLOW_CODE = 'const end = Date.now() + 700; while (Date.now() < end) {} return "done";';

interface Serving {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function serve(databaseUrl: string): Promise<Serving> {
  const { PARLEY_ADMIN_TOKEN: _t, PORT: _p, PARLEY_LOG_LEVEL: _l, ...env } = process.env;
  const child = spawn(process.execPath, [mainJs, 'serve'], {
    cwd: root,
    env: {
      ...env,
      PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
      PARLEY_LOG_LEVEL: 'info',
      PARLEY_SHUTDOWN_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { url, child, output: () => output, exited };
}

describe('graceful shutdown', () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  test('SIGTERM during a slow turn: the answer is delivered and stored, then exit 0 with log lines', async () => {
    const first = await serve(database.url);
    let sessionId: string;
    try {
      const workspaces = await request(first.url, 'GET', '/v1/workspaces', { token: ADMIN_TOKEN });
      const server = {
        url: first.url,
        adminToken: ADMIN_TOKEN,
        adminWorkspaceId: workspaces.body.workspaces[0].id,
      } as TestServer;
      const definition = v6Bot({
        groups: [
          group('g1', [
            textInput('q'),
            setVariable('s', 'vout', SLOW_CODE, { isCode: true }),
            textBubble('t', 'out={{Out}}'),
            textInput('q2'),
          ]),
        ],
        variables: [{ id: 'vout', name: 'Out' }],
      });
      const { publicId } = await publishDefinition(server, definition);
      const started = await startChat(server, publicId);
      sessionId = started.body.sessionId;
      const pending = say(server, sessionId, 'go');
      // Let the request reach the server before the signal.
      await new Promise((resolve) => setTimeout(resolve, 250));
      first.child.kill('SIGTERM');
      const reply = await pending;
      expect({ status: reply.status, texts: texts(reply.body), input: reply.body.input?.id }).toEqual({
        status: 200,
        texts: ['out=done'],
        input: 'q2',
      });
      expect(await first.exited).toBe(0);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
    const lines = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; drained?: boolean });
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('shutting down: no new connections, waiting for requests in flight');
    expect(lines[lines.length - 1]).toMatchObject({ msg: 'stopped', drained: true });

    // The turn was committed: a new process continues from the second question.
    const second = await serve(database.url);
    try {
      const server = { url: second.url } as TestServer;
      const next = await say(server, sessionId!, 'bye');
      expect({ status: next.status, texts: texts(next.body), input: next.body.input }).toEqual({
        status: 200,
        texts: [],
        input: undefined,
      });
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
