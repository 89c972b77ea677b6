// What the messaging channels' benchmarks share: a local stand-in of the
// WhatsApp Cloud API timing the replies it receives, `parley serve` started
// against it, WhatsApp connections made through the API, signed webhook
// updates, and the databases to run on (SQLite, then PostgreSQL when one
// answers).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiCall } from './http-post';
import { DEFAULT_POSTGRES, listeningUrl, postgresServer } from './serve-process';
import { Client } from 'pg';

export const TOKEN = 'bench-channels-admin-token-0123456789';
export const APP_SECRET = 'bench-channels-app-secret';
const root = path.resolve(__dirname, '../..');

/** The Cloud API's stand-in: every message accepted at once; replies (not read receipts) timed by recipient. */
export interface StandIn {
  url: string;
  /** Arrival times (performance.now()) of the replies to each recipient, in order. */
  replies: Map<string, number[]>;
  /** When the `count`-th reply to `to` arrived (once it has). */
  waitFor(to: string, count: number): Promise<number>;
  close(): void;
}

export async function startStandIn(): Promise<StandIn> {
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

export interface Parley {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `parley serve` (one process) with its WhatsApp API at the stand-in; `env` adds settings. */
export async function parleyServe(
  databaseUrl: string,
  whatsAppApiUrl: string,
  env: Record<string, string> = {},
): Promise<Parley> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await listeningUrl(child);
  // Keep reading the (info) log: a full pipe would stall the server.
  child.stdout!.resume();
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function postRaw(url: string, raw: string, headers: Record<string, string>): Promise<number> {
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

export const api = (url: string, method: string, route: string, body?: unknown) =>
  apiCall(url, TOKEN, method, route, body);

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

/**
 * New WhatsApp credentials for the business number `phoneNumberId` and a
 * three-question bot published on them; answers the webhook's URL.
 */
export async function connectWhatsApp(url: string, phoneNumberId: string): Promise<string> {
  const [workspace] = (await api(url, 'GET', '/v1/workspaces')).workspaces;
  const data = { phoneNumberId, businessAccountId: 'WABA-1', accessToken: 'token', appSecret: APP_SECRET };
  const credentials = (
    await api(url, 'POST', `/v1/workspaces/${workspace.id}/credentials`, {
      type: 'whatsApp',
      name: phoneNumberId,
      data,
    })
  ).credentials;
  const bot = { ...THREE_QUESTIONS, settings: { messagingApp: { isEnabled: true, credentialsId: credentials.id } } };
  const created = await api(url, 'POST', '/v1/bots', { workspaceId: workspace.id, bot });
  await api(url, 'POST', `/v1/bots/${created.bot.id}/publish`);
  return `${url}/v1/workspaces/${workspace.id}/whatsapp/${credentials.id}/webhook`;
}

let sequence = 0;

/** Posts one signed update carrying a text message from each sender (`from`, `text`); answers the HTTP status. */
export function sendWhatsApp(
  webhook: string,
  phoneNumberId: string,
  messages: readonly { from: string; text: string }[],
): Promise<number> {
  const timestamp = String(Math.floor(Date.now() / 1000));
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
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              // A flood leaves the senders' names out: the update stays under the server's body limit.
              ...(messages.length === 1
                ? { contacts: [{ profile: { name: messages[0]!.from }, wa_id: messages[0]!.from }] }
                : {}),
              messages: messages.map(({ from, text }) => {
                sequence += 1;
                return { from, id: `wamid.IN${sequence}`, timestamp, type: 'text', text: { body: text } };
              }),
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  return postRaw(webhook, raw, { 'content-type': 'application/json', 'x-hub-signature-256': signature });
}

/** BENCH_DB_STATEMENTS: the SQL statements the server ran, by kind (its /metrics). */
export async function statementCounts(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const counts = [...text.matchAll(/^parley_db_statement_duration_seconds_count\{statement="(\w+)"\} (\d+)/gm)];
  const seconds = new Map(
    [...text.matchAll(/^parley_db_statement_duration_seconds_sum\{statement="(\w+)"\} ([\d.e+-]+)/gm)].map(
      ([, kind, sum]) => [kind, Number(sum)],
    ),
  );
  return counts.map(([, kind, count]) => `${kind} ${count} (${(seconds.get(kind!) ?? 0).toFixed(1)} s)`).join(', ');
}

/**
 * Runs `bench` on a fresh SQLite database, then on a fresh PostgreSQL one
 * when PARLEY_BENCH_POSTGRES_URL (or the local server) answers; each
 * database is dropped after. Answers the rows each run printed, in order.
 */
export async function onEachDatabase(
  name: string,
  bench: (database: 'SQLite' | 'PostgreSQL', databaseUrl: string) => Promise<string[]>,
): Promise<string[]> {
  const rows: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-bench-${name}-`));
  try {
    rows.push(...(await bench('SQLite', `file:${path.join(dir, 'bench.db')}`)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await postgresServer();
  if (!postgres) {
    console.log(
      `(no PostgreSQL at ${process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES}: its rows are left out)`,
    );
    return rows;
  }
  const database = `parley_bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = new URL(postgres);
    url.pathname = `/${database}`;
    rows.push(...(await bench('PostgreSQL', url.toString())));
  } finally {
    await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}
