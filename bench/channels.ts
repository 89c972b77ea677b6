// Messaging channels benchmark (prints figures; not a test).
//   npm run bench:channels
// Starts `parley serve` (one process) with its WhatsApp API pointing at a
// local stand-in, connects a three-question bot, then has N people write
// through the signed webhook, M messages each:
//   burst: every person posts their M messages back to back, all at once;
//   paced: every person posts their next message once the reply to the last arrived.
// Figures: events/s received (webhook POSTs answered 200), events/s answered
// (the reply arrived at the stand-in), p50/p99 from the webhook POST to the
// reply's arrival. On SQLite, and on PostgreSQL when PARLEY_BENCH_POSTGRES_URL
// (or the local server) answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { quantile } from './serve-process';

const PEOPLE = Number(process.env.BENCH_CHANNEL_PEOPLE ?? 200);
const MESSAGES = 3;
const TOKEN = 'bench-channels-admin-token-0123456789';
const APP_SECRET = 'bench-channels-app-secret';
const PHONE_NUMBER_ID = 'PN-bench';
const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(__dirname, '../..');

/** The Cloud API's stand-in: every message accepted at once; replies (not read receipts) timed by recipient. */
interface StandIn {
  url: string;
  /** Arrival times (performance.now()) of the replies to each recipient, in order. */
  replies: Map<string, number[]>;
  /** When the `count`-th reply to `to` arrived (once it has). */
  waitFor(to: string, count: number): Promise<number>;
  close(): void;
}

async function startStandIn(): Promise<StandIn> {
  const replies = new Map<string, number[]>();
  const waiters = new Map<string, { count: number; resolve: (at: number) => void }[]>();
  const standIn: StandIn = {
    url: '',
    replies,
    waitFor: (to, count) => {
      const times = replies.get(to) ?? [];
      if (times.length >= count) return Promise.resolve(times[count - 1]!);
      return new Promise((resolve) => waiters.set(to, [...(waiters.get(to) ?? []), { count, resolve }]));
    },
    close: () => undefined,
  };
  let count = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { to?: string; status?: string };
      if (body.status !== 'read' && body.to) {
        const times = replies.get(body.to) ?? [];
        times.push(performance.now());
        replies.set(body.to, times);
        const due = (waiters.get(body.to) ?? []).filter((waiter) => waiter.count <= times.length);
        waiters.set(
          body.to,
          (waiters.get(body.to) ?? []).filter((waiter) => waiter.count > times.length),
        );
        for (const waiter of due) waiter.resolve(times[waiter.count - 1]!);
      }
      count += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.BENCH${count}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  standIn.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return standIn;
}

async function parleyServe(databaseUrl: string, whatsAppApiUrl: string): Promise<{ url: string; child: ChildProcess }> {
  // BENCH_SERVE_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
  const nodeArgs = process.env.BENCH_SERVE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/src/main.js'), 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PARLEY_DATABASE_URL: databaseUrl,
      PARLEY_PORT: '0',
      PARLEY_ADMIN_TOKEN: TOKEN,
      PARLEY_RATE_LIMIT: 'off',
      PARLEY_LOG_LEVEL: 'info',
      PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_WHATSAPP_API_URL: whatsAppApiUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  // Keep reading the (info) log: a full pipe would stall the server.
  child.stdout!.resume();
  return { url, child };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function postRaw(url: string, raw: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(raw) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    // A kept-alive socket the server closed as it went idle: sent again on a new one (Node's documented pattern).
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET') postRaw(url, raw, headers).then(resolve, reject);
      else reject(error);
    });
    request.end(raw);
  });
}

async function api(url: string, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(url + route, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

const THREE_QUESTIONS = {
  version: '6',
  name: 'Channel bench',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Questions',
      blocks: [
        { id: 'q1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Your name?' }] }] } },
        { id: 'i1', type: 'text input', options: { variableId: 'vname' } },
        { id: 'q2', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Your city?' }] }] } },
        { id: 'i2', type: 'text input' },
        { id: 'q3', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Thanks {{Name}}!' }] }] } },
        { id: 'i3', type: 'text input' },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'vname', name: 'Name' }],
  theme: {},
  settings: {},
};

/** Connects the bot to new WhatsApp credentials; answers the webhook's URL. */
async function setUp(url: string): Promise<string> {
  const [workspace] = (await api(url, 'GET', '/v1/workspaces')).workspaces;
  const data = {
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: 'WABA-1',
    accessToken: 'token',
    appSecret: APP_SECRET,
  };
  const credentials = (
    await api(url, 'POST', `/v1/workspaces/${workspace.id}/credentials`, { type: 'whatsApp', name: 'bench', data })
  ).credentials;
  const bot = { ...THREE_QUESTIONS, settings: { messagingApp: { isEnabled: true, credentialsId: credentials.id } } };
  const created = await api(url, 'POST', '/v1/bots', { workspaceId: workspace.id, bot });
  await api(url, 'POST', `/v1/bots/${created.bot.id}/publish`);
  return `${url}/v1/workspaces/${workspace.id}/whatsapp/${credentials.id}/webhook`;
}

let sequence = 0;

/** Posts one signed text message from `from`; answers when the webhook answered. */
async function send(webhook: string, from: string, text: string): Promise<void> {
  sequence += 1;
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: from }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.IN${sequence}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  const status = await postRaw(webhook, raw, { 'content-type': 'application/json', 'x-hub-signature-256': signature });
  if (status !== 200) throw new Error(`webhook answered ${status}`);
}

interface Figures {
  receivedPerSecond: number;
  answeredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** One run: `count` people writing MESSAGES messages each, numbers from `base` (new ones each run). */
async function run(
  webhook: string,
  standIn: StandIn,
  mode: 'burst' | 'paced',
  base: number,
  count = PEOPLE,
): Promise<Figures> {
  const people = Array.from({ length: count }, (_, index) => String(base + index));
  const sentAt = new Map<string, number[]>();
  let lastReceived = 0;
  const began = performance.now();
  await Promise.all(
    people.map(async (person) => {
      const times: number[] = [];
      sentAt.set(person, times);
      for (let index = 0; index < MESSAGES; index += 1) {
        times.push(performance.now());
        await send(webhook, person, index === 0 ? 'hi' : `answer ${index}`);
        lastReceived = Math.max(lastReceived, performance.now());
        if (mode === 'paced') await standIn.waitFor(person, index + 1);
      }
    }),
  );
  const arrivals = await Promise.all(people.map((person) => standIn.waitFor(person, MESSAGES)));
  const lastAnswered = Math.max(...arrivals);
  const latencies = people
    .flatMap((person) => sentAt.get(person)!.map((sent, index) => standIn.replies.get(person)![index]! - sent))
    .sort((a, b) => a - b);
  const events = count * MESSAGES;
  return {
    receivedPerSecond: events / ((lastReceived - began) / 1000),
    answeredPerSecond: events / ((lastAnswered - began) / 1000),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}

/** BENCH_DB_STATEMENTS: the SQL statements the server ran, by kind (its /metrics). */
async function statementCounts(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const counts = [...text.matchAll(/^parley_db_statement_duration_seconds_count\{statement="(\w+)"\} (\d+)/gm)];
  const seconds = new Map(
    [...text.matchAll(/^parley_db_statement_duration_seconds_sum\{statement="(\w+)"\} ([\d.e+-]+)/gm)].map(
      ([, kind, sum]) => [kind, Number(sum)],
    ),
  );
  return counts.map(([, kind, count]) => `${kind} ${count} (${(seconds.get(kind!) ?? 0).toFixed(1)} s)`).join(', ');
}

async function bench(database: string, databaseUrl: string): Promise<string[]> {
  const standIn = await startStandIn();
  const parley = await parleyServe(databaseUrl, standIn.url);
  try {
    const webhook = await setUp(parley.url);
    // Warm-up: a few conversations through the whole path.
    await run(webhook, standIn, 'paced', 1_000_000, 10);
    const rows: string[] = [];
    for (const [index, mode] of (['burst', 'paced'] as const).entries()) {
      const figures = await run(webhook, standIn, mode, 2_000_000 + index * 100_000);
      rows.push(
        `| ${database.padEnd(10)} | ${mode.padEnd(6)} | ${String(PEOPLE * MESSAGES).padStart(6)} | ${figures.receivedPerSecond.toFixed(0).padStart(10)} | ${figures.answeredPerSecond.toFixed(0).padStart(10)} | ${figures.p50Ms.toFixed(0).padStart(6)} | ${figures.p99Ms.toFixed(0).padStart(6)} |`,
      );
    }
    if (process.env.BENCH_DB_STATEMENTS) console.log(`${database}: ${await statementCounts(parley.url)}`);
    return rows;
  } finally {
    parley.child.kill('SIGTERM');
    if (parley.child.exitCode === null) await new Promise((resolve) => parley.child.once('exit', resolve));
    standIn.close();
  }
}

async function postgresServer(): Promise<string | undefined> {
  const url = process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-channels-'));
  try {
    rows.push(...(await bench('SQLite', `file:${path.join(dir, 'bench.db')}`)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await postgresServer();
  if (postgres) {
    const name = `parley_bench_channels_${Date.now()}`;
    const admin = new Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(postgres);
      url.pathname = `/${name}`;
      rows.push(...(await bench('PostgreSQL', url.toString())));
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else
    console.log(
      `(no PostgreSQL at ${process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES}: its rows are left out)`,
    );
  console.log(
    `\n${PEOPLE} WhatsApp conversations × ${MESSAGES} messages through the signed webhook, one \`parley serve\` process;`,
  );
  console.log('latency: from the webhook POST to the reply at the stand-in\n');
  console.log('| database   | mode   | events | received/s | answered/s | p50 ms | p99 ms |');
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const row of rows) console.log(row);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
