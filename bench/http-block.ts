// HTTP request block round trip (prints figures; not a test).
//   npm run bench:http-block
// Starts Parley on a fresh SQLite file (PARLEY_OUTBOUND_ALLOW=127.0.0.1) and
// a local echo server, then measures continueChat round trips of a reply
// whose turn sends an HTTP request (Webhook block, answer mapped into a
// variable shown in the next bubble), against the same bot without the block.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { startServer } from '../src/cli/serve';
import { publishBot } from '../src/services/bot-publishing';
import { createBot } from '../src/services/bot-saves';
import { agent, post } from './http-post';

const text = (id: string, words: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: words }] }] },
});

/** Asks a name; the reply's turn (optionally) calls the echo server and shows what it answered. */
function bot(withRequest: boolean, echoUrl: string) {
  const request = {
    id: 'call',
    type: 'Webhook',
    options: {
      webhook: { method: 'GET', url: `${echoUrl}/users?name={{Name}}` },
      responseVariableMapping: [{ id: 'm', variableId: 'vgreeting', bodyPath: 'data.greeting' }],
    },
  };
  return {
    version: '6.1',
    name: withRequest ? 'HTTP block' : 'No HTTP block',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Ask',
        blocks: [
          { id: 'ask', type: 'text input', options: { variableId: 'vname' } },
          ...(withRequest ? [request] : []),
          text('show', '{{Greeting}}'),
          { id: 'again', type: 'text input' },
        ],
      },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vgreeting', name: 'Greeting' },
    ],
    theme: {},
    settings: {},
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Latencies (ms) of `count` replies, each in a new conversation (startChat not timed). */
async function replies(base: string, publicId: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < count; run += 1) {
    const start = await post(`${base}/v1/bots/${publicId}/startChat`, {});
    if (start.status !== 200) throw new Error(`startChat ${start.status}`);
    const began = performance.now();
    const reply = await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: 'Ada' });
    times.push(performance.now() - began);
    if (reply.status !== 200) throw new Error(`continueChat ${reply.status} ${JSON.stringify(reply.json)}`);
  }
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  let hits = 0;
  const echo = http.createServer((request, response) => {
    hits += 1;
    const name = new URL(request.url ?? '/', 'http://echo').searchParams.get('name');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ greeting: `Hello ${name}` }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const server = await startServer(
    loadConfig({
      PARLEY_PORT: '0',
      PARLEY_DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
      PARLEY_ADMIN_TOKEN: 'bench-admin-token-0123456789',
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_LOG_LEVEL: 'silent',
    }),
    () => undefined,
  );
  const db = server.database.db;
  const workspace = await db.workspace.findFirstOrThrow();
  const withRequest = await publishBot(db, (await createBot(db, workspace.id, bot(true, echoUrl))).id);
  const without = await publishBot(db, (await createBot(db, workspace.id, bot(false, echoUrl))).id);
  const base = `http://127.0.0.1:${server.port}`;

  const check = await post(`${base}/v1/bots/${withRequest.publicId!}/startChat`, {});
  const answered = await post(`${base}/v1/sessions/${check.json.sessionId}/continueChat`, { message: 'Ada' });
  const shown = answered.json.messages?.[0]?.content?.richText?.[0]?.children
    ?.map((leaf: { text: string }) => leaf.text)
    .join('');
  if (shown !== 'Hello Ada') throw new Error(`the HTTP block did not map the answer: ${JSON.stringify(answered.json)}`);

  await replies(base, withRequest.publicId!, 30);
  await replies(base, without.publicId!, 30);
  hits = 0;
  const timedWith = await replies(base, withRequest.publicId!, 300);
  const requestsSent = hits;
  const timedWithout = await replies(base, without.publicId!, 300);

  const median = (list: number[]) => quantile(list, 0.5);
  console.log(
    `reply whose turn sends an HTTP request to a local echo server (${timedWith.length} replies, ${requestsSent} requests received): median ${median(timedWith).toFixed(2)} ms, p95 ${quantile(timedWith, 0.95).toFixed(2)} ms`,
  );
  console.log(
    `same reply without the HTTP block (${timedWithout.length} replies): median ${median(timedWithout).toFixed(2)} ms, p95 ${quantile(timedWithout, 0.95).toFixed(2)} ms`,
  );
  console.log(
    `cost of the HTTP block (guard check, pinned connection, request, mapping in the sandbox): ${(median(timedWith) - median(timedWithout)).toFixed(2)} ms at the median`,
  );

  agent.destroy();
  await server.close();
  echo.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
