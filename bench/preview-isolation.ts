// Preview isolation benchmark (prints figures; not a test).
//   npm run bench:preview-isolation
// Does one account's preview load delay another account's published bot?
// Starts `parley serve` (one process, a fresh SQLite file, the shipped limits:
// rate limits on, NODE_ENV=production) with a local stand-in of a third-party
// host allow-listed. The victim's published bot runs server-side code on its
// start. Another account runs the heaviest preview load the server lets it:
// `preview_chat` over /mcp, every reply walking a Code block that loops until
// the sandbox stops it (1 s) and an HTTP request block to the third-party
// host; it first tries a JSON-RPC batch of BENCH_PREVIEW_BATCH calls (what an
// earlier Parley took as one request), and when batches are refused, as many
// single calls at once as the server allows, again and again (a 429 waits
// its Retry-After). Meanwhile the victim starts chats one after the other
// (each from its own address, so the per-address chat limit does not count).
// Figures: the victim's start latency p50/p99 and its answers that were not
// the bot's (an error, "Flow stopped"), alone and under the load; what the
// load got through; the requests that reached the third-party host.
// BENCH_PARLEY_ROOT: another checkout's built server (a before/after comparison).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiCall } from './http-post';
import { listeningUrl, quantile } from './serve-process';

const SECONDS = Number(process.env.BENCH_PREVIEW_SECONDS ?? 20);
const BATCH = Number(process.env.BENCH_PREVIEW_BATCH ?? 100);
const REPLIES = 30;
const PACE_MS = 100;
const root = path.resolve(__dirname, '../..');
const serverRoot = process.env.BENCH_PARLEY_ROOT ?? root;
const main = path.join(serverRoot, 'dist/src/main.js');
const ADMIN_TOKEN = 'bench-preview-admin-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function thirdParty(): Promise<{ url: string; hits: () => number; close(): void }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    hits: () => hits,
    close: () => server.close(),
  };
}

const group = (id: string, blocks: unknown[]) => ({ id, title: id, graphCoordinates: { x: 0, y: 0 }, blocks });
const bot = (name: string, blocks: unknown[], variables: unknown[] = []) => ({
  version: '6',
  name,
  groups: [group('g1', blocks)],
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables,
  theme: {},
  settings: {},
});

/** The victim: code on the server at its start, then a question. */
const victimBot = bot(
  'Victim',
  [
    { id: 'c1', type: 'Code', options: { content: "setVariable('N', 6 * 7)", isExecutedOnClient: false } },
    { id: 't1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Answer {{N}}' }] }] } },
    { id: 'i1', type: 'text input', options: {} },
  ],
  [{ id: 'vn', name: 'N' }],
);

/** The load: every reply runs a loop the sandbox stops (1 s) and a request to the third-party host, then asks again. */
const loadBot = (url: string) => {
  const definition = bot('Load', [
    { id: 'i1', type: 'text input', options: {} },
    { id: 'c1', type: 'Code', options: { content: 'while (true) {}', isExecutedOnClient: false } },
    { id: 'h1', type: 'Webhook', options: { webhook: { url } } },
    { id: 'h2', type: 'Webhook', options: { webhook: { url } } },
  ]);
  definition.groups[0]!.blocks.push({ id: 'back', type: 'Jump', options: { groupId: 'g1' } } as never);
  return definition;
};

interface Phase {
  latencies: number[];
  wrong: number;
}

async function victimStarts(url: string, publicId: string, seconds: number, phase: number): Promise<Phase> {
  const latencies: number[] = [];
  let wrong = 0;
  let visitor = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    visitor += 1;
    // Paced: a bot's start budget (PARLEY_RATE_LIMIT_BOT, 600 a minute) must not be what refuses it.
    await sleep(PACE_MS);
    const began = performance.now();
    const response = await fetch(`${url}/v1/bots/${publicId}/startChat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${phase}.${visitor >> 8}.${visitor & 255}`,
      },
      body: '{}',
    });
    const text = await response.text();
    latencies.push(performance.now() - began);
    // The bubble's words, whatever rich text nodes they are split into.
    const words = [...text.matchAll(/"text":"([^"]*)"/g)].map((match) => match[1]).join('');
    if (response.status !== 200 || !words.includes('Answer 42')) wrong += 1;
  }
  latencies.sort((a, b) => a - b);
  return { latencies, wrong };
}

interface LoadFigures {
  batchStatus: number | string | undefined;
  callsAnswered: number;
  refused429: number;
  /** The start of a preview_chat answer: what the load's conversations looked like. */
  sample?: string;
}

/** The heaviest preview load the server allows one token, until `stop` says so; `figures` count as it goes. */
async function previewLoad(
  url: string,
  token: string,
  botId: string,
  stop: () => boolean,
  figures: LoadFigures,
): Promise<void> {
  const message = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'preview_chat', arguments: { botId, replies: Array.from({ length: REPLIES }, () => 'go') } },
  });
  const post = async (body: unknown) => {
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': '192.0.2.1',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 200) figures.sample ??= text.slice(0, 600);
    return response;
  };
  let id = 0;
  // BENCH_PREVIEW_BATCH=0: no batch, single calls only (the same load on a server that took batches).
  if (BATCH > 0) {
    // An earlier Parley took a batch as one builder request and ran its calls at once.
    const batch = post(Array.from({ length: BATCH }, () => message((id += 1)))).then(
      (response) => response.status,
      () => undefined,
    );
    const first = await Promise.race([batch, sleep(2000).then(() => 'running' as const)]);
    figures.batchStatus = first === 'running' ? 'taken, still running' : first;
    if (first === 'running' || first === 200) {
      // Taken: its calls are the load (still running when the figures are taken, most likely).
      return;
    }
  }
  const lane = async () => {
    while (!stop()) {
      const response = await post(message((id += 1)));
      if (response.status === 429) {
        figures.refused429 += 1;
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
      } else if (response.status === 200) figures.callsAnswered += 1;
    }
  };
  // As many at once as the server allows a token (more would only collect 429s).
  await Promise.all(Array.from({ length: Number(process.env.BENCH_PREVIEW_LANES ?? 4) }, lane));
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-preview-'));
  const host = await thirdParty();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    PARLEY_LOG_LEVEL: 'silent',
  };
  const child = spawn(process.execPath, [main, 'serve'], {
    cwd: serverRoot,
    env: {
      ...env,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
      PARLEY_TRUSTED_PROXIES: '127.0.0.1',
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await listeningUrl(child);
    const lines = execFileSync(
      process.execPath,
      [main, 'tokens', 'create', '--email', 'load@bench.test', '--name', 'bench'],
      { cwd: serverRoot, env, encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    const loadToken = lines[lines.length - 1]!.trim();
    const [victimWorkspace] = (await apiCall(url, ADMIN_TOKEN, 'GET', '/v1/workspaces')).workspaces;
    const created = await apiCall(url, ADMIN_TOKEN, 'POST', '/v1/bots', {
      workspaceId: victimWorkspace.id,
      bot: victimBot,
    });
    const publicId = (await apiCall(url, ADMIN_TOKEN, 'POST', `/v1/bots/${created.bot.id}/publish`)).bot.publicId;
    const [loadWorkspace] = (await apiCall(url, loadToken, 'GET', '/v1/workspaces')).workspaces;
    const loadBotId = (
      await apiCall(url, loadToken, 'POST', '/v1/bots', { workspaceId: loadWorkspace.id, bot: loadBot(host.url) })
    ).bot.id;

    await victimStarts(url, publicId, 2, 1);
    const alone = await victimStarts(url, publicId, SECONDS, 2);
    let stopped = false;
    const figures: LoadFigures = { batchStatus: undefined, callsAnswered: 0, refused429: 0 };
    // Not awaited: calls in progress when the victim is done end with the server.
    void previewLoad(url, loadToken, loadBotId, () => stopped, figures).catch(() => undefined);
    await sleep(1000);
    const hitsBefore = host.hits();
    const loaded = await victimStarts(url, publicId, SECONDS, 3);
    stopped = true;
    const hits = host.hits() - hitsBefore;
    const row = (name: string, phase: Phase) =>
      `| ${name.padEnd(16)} | ${String(phase.latencies.length).padStart(6)} | ${quantile(phase.latencies, 0.5)
        .toFixed(0)
        .padStart(
          6,
        )} | ${quantile(phase.latencies, 0.99).toFixed(0).padStart(6)} | ${String(phase.wrong).padStart(5)} |`;
    console.log(`server: ${serverRoot}`);
    console.log('| victim           | starts | p50 ms | p99 ms | wrong |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(row('alone', alone));
    console.log(row('under the load', loaded));
    console.log(
      `load: batch of ${BATCH} answered ${figures.batchStatus}; preview_chat calls answered by then ${figures.callsAnswered}, ` +
        `refused 429 ${figures.refused429}; third-party requests during the ${SECONDS} s: ${hits}`,
    );
    if (figures.sample) console.log(`a preview_chat answer begins: ${figures.sample}`);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
