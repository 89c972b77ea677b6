// Handoff across processes (prints figures; not a test).
//   npm run bench:handoff
// Three `parley serve` processes on one PostgreSQL database
// (PARLEY_BENCH_POSTGRES_URL, else the local server; the bench makes its own
// database and drops it). VISITORS visitors start a chat, spread over the
// three, with a bot whose flow reaches a Handoff block at once, so that
// VISITORS conversations wait together; each visitor follows its session's
// events on the next process; an agent (the admin token) takes each
// conversation and writes, through the process after that, so that every
// message crosses processes (LISTEN/NOTIFY). Measured, with WIDTH exchanges in
// flight at once (the machine has two cores, shared with the servers):
// - agent → visitor: the agent's POST sent → the `message` event read on the
//   visitor's stream (the send time is in the text);
// - visitor → agent: the visitor's continueChat sent → the `message` event on
//   the agent's live inbox stream (its own process), and → the agent has read
//   the line with GET /v1/conversations/{id};
// throughput of each, and errors (non-2xx, events that never came).
// The load generator and every stream run in this process (one clock).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { agent as keepAlive, post } from './http-post';
import { clock, followEvents, pool, type EventStream } from './handoff-streams';
import { DEFAULT_POSTGRES, postgresServer, quantile } from './serve-process';

const VISITORS = Number(process.env.PARLEY_BENCH_VISITORS ?? 200);
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 5);
const WIDTH = Number(process.env.PARLEY_BENCH_WIDTH ?? 10);
const PROCESSES = 3;
const WARM_UP = 5;
const EVENT_TIMEOUT_MS = 15_000;
const TOKEN = 'bench-handoff-token-0123456789';
const root = path.resolve(__dirname, '../..');

const HANDOFF_BOT = {
  version: '6.1',
  name: 'Handoff bench',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Help',
      blocks: [
        { id: 't1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hello!' }] }] } },
        { id: 'hand', type: 'handoff', options: { message: 'Someone will answer you here.', timeoutSeconds: 3600 } },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
};

interface Server {
  url: string;
  chatUrl: string;
  child: ChildProcess;
}

function serve(databaseUrl: string): Promise<Server> {
  // e.g. PARLEY_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": the servers' own profiles.
  const nodeArgs = (process.env.PARLEY_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/src/main.js'), 'serve', '--workers', '1'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_CHAT_PORT: '0',
      PARLEY_ADMIN_TOKEN: TOKEN,
      PARLEY_RATE_LIMIT: 'off',
      PARLEY_LOG_LEVEL: 'silent',
      // Every visitor's stream comes from 127.0.0.1: no cap per address.
      PARLEY_LIVE_STREAMS_PER_ADDRESS: '0',
      PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+) .*chat pages on (http:\/\/\S+)/.exec(output);
      if (match) {
        const local = (url: string) => url.replace('localhost', '127.0.0.1');
        resolve({ url: local(match[1]!), chatUrl: local(match[2]!), child });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}

let errors = 0;
let closing = false;
const failures = new Map<string, number>();
function failed(what: string): void {
  errors += 1;
  failures.set(what, (failures.get(what) ?? 0) + 1);
}

async function api(base: string, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(base + route, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    failed(`${method} ${route.replace(/\/[\w-]{20,}/g, '/{id}')} ${response.status}`);
    return undefined;
  }
  return response.json();
}

interface Visitor {
  index: number;
  sessionId: string;
  resultId: string;
  conversationId?: string;
  chat: Server;
  agentServer: Server;
  stream?: EventStream;
  /** The end of the visitor's latest exchange. */
  turn?: Promise<void>;
}

/** Runs `exchange` after the visitor's previous one. */
function inTurn(visitor: Visitor, exchange: () => Promise<void>): Promise<void> {
  const next = (visitor.turn ?? Promise.resolve()).then(exchange);
  visitor.turn = next;
  return next;
}

/** A promise per awaited event, keyed, that fails after EVENT_TIMEOUT_MS. */
class Waits {
  private readonly pending = new Map<string, (at: number) => void>();
  wait(key: string): Promise<number | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(key);
        resolve(undefined);
      }, EVENT_TIMEOUT_MS);
      this.pending.set(key, (at) => {
        clearTimeout(timer);
        this.pending.delete(key);
        resolve(at);
      });
    });
  }
  arrived(key: string, at: number): boolean {
    const done = this.pending.get(key);
    done?.(at);
    return done !== undefined;
  }
}

const figures = (label: string, times: number[], seconds: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length === 0) return console.log(`${label}: nothing measured`);
  console.log(
    `${label}: ${sorted.length} in ${seconds.toFixed(1)} s (${(sorted.length / seconds).toFixed(0)}/s), ` +
      `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
};

/** A few whole handoffs on each process (start, take, write, answer, close), not measured: code compiled, caches filled. */
async function warmUp(servers: Server[], publicId: string, workspaceId: string): Promise<void> {
  for (let round = 0; round < WARM_UP; round += 1) {
    for (const [index, server] of servers.entries()) {
      const other = servers[(index + 1) % PROCESSES]!;
      const started = await post(`${server.chatUrl}/v1/bots/${publicId}/startChat`, {});
      const [conversation] = (await api(other.url, 'GET', `/v1/workspaces/${workspaceId}/conversations?status=waiting`))
        .conversations;
      await api(other.url, 'POST', `/v1/conversations/${conversation.id}/take`);
      await api(server.url, 'POST', `/v1/conversations/${conversation.id}/messages`, { text: 'warm-up' });
      await post(`${other.chatUrl}/v1/sessions/${started.json.sessionId}/continueChat`, { message: 'warm-up' });
      await api(other.url, 'GET', `/v1/conversations/${conversation.id}`);
      await api(server.url, 'POST', `/v1/conversations/${conversation.id}/close`);
    }
  }
}

async function run(databaseUrl: string): Promise<void> {
  // The first process migrates and makes the admin; the others start on a ready database.
  const first = await serve(databaseUrl);
  const servers = [first, ...(await Promise.all([serve(databaseUrl), serve(databaseUrl)]))];
  try {
    const [workspace] = (await api(first.url, 'GET', '/v1/workspaces')).workspaces;
    const created = await api(first.url, 'POST', '/v1/bots', { workspaceId: workspace.id, bot: HANDOFF_BOT });
    const publicId = (await api(first.url, 'POST', `/v1/bots/${created.bot.id}/publish`)).bot.publicId;

    await warmUp(servers, publicId, workspace.id);

    // Visitors reach the Handoff block, spread over the processes.
    const visitors: Visitor[] = [];
    let began = clock();
    const starts: number[] = [];
    await pool(
      Array.from({ length: VISITORS }, (_, index) => index),
      WIDTH,
      async (index) => {
        const chat = servers[index % PROCESSES]!;
        const sent = clock();
        const started = await post(`${chat.chatUrl}/v1/bots/${publicId}/startChat`, {});
        starts.push(clock() - sent);
        if (started.status !== 200 || started.json.handoff?.status !== 'waiting') return failed('startChat');
        visitors.push({
          index,
          sessionId: started.json.sessionId,
          resultId: started.json.resultId,
          chat,
          agentServer: servers[(index + 2) % PROCESSES]!,
        });
      },
    );
    figures('startChat reaching the Handoff block', starts, (clock() - began) / 1000);

    // Each visitor follows its events on the next process.
    const toVisitor = new Waits();
    await Promise.all(
      visitors.map(async (visitor) => {
        const on = servers[(visitor.index + 1) % PROCESSES]!;
        visitor.stream = followEvents(
          `${on.chatUrl}/v1/sessions/${visitor.sessionId}/events`,
          {},
          (event) => {
            if (event.type !== 'message') return;
            const text: string = event.message.content.richText[0].children[0].text;
            const sentAt = Number(/t=([\d.]+)/.exec(text)?.[1]);
            if (!toVisitor.arrived(text, clock() - sentAt)) failed('message event nobody waited for (twice or late)');
          },
          (error) => {
            if (!closing) failed(`visitor stream ended${error ? `: ${error.message}` : ''}`);
          },
        );
        if ((await visitor.stream.opened) !== 200) failed('visitor stream status');
      }),
    );

    // The agent follows the inbox on the first process.
    const toAgent = new Waits();
    const inbox = followEvents(
      `${first.url}/v1/workspaces/${workspace.id}/conversations/live`,
      { authorization: `Bearer ${TOKEN}` },
      (event) => {
        if (
          event.type === 'message' &&
          event.authorKind === 'visitor' &&
          !toAgent.arrived(event.conversationId, clock())
        )
          failed('inbox event nobody waited for (twice or late)');
      },
      (error) => {
        if (!closing) failed(`agent stream ended${error ? `: ${error.message}` : ''}`);
      },
    );
    if ((await inbox.opened) !== 200) failed('agent stream status');

    const waiting = await api(first.url, 'GET', `/v1/workspaces/${workspace.id}/conversations?status=waiting`);
    const byResult = new Map<string, string>(
      waiting.conversations.map((conversation: { id: string; resultId: string }) => [
        conversation.resultId,
        conversation.id,
      ]),
    );
    for (const visitor of visitors) visitor.conversationId = byResult.get(visitor.resultId);
    const handed = visitors.filter((visitor) => visitor.conversationId);
    console.log(`${handed.length} of ${VISITORS} conversations waiting at once on ${PROCESSES} processes`);

    began = clock();
    const takes: number[] = [];
    await pool(handed, WIDTH, async (visitor) => {
      const sent = clock();
      if (await api(visitor.agentServer.url, 'POST', `/v1/conversations/${visitor.conversationId}/take`))
        takes.push(clock() - sent);
    });
    figures('take', takes, (clock() - began) / 1000);

    // Agent → visitor.
    // Round-major; one conversation never has two of its visitor's messages in flight (`inTurn`).
    const rounds = Array.from({ length: ROUNDS }, (_, round) => handed.map((visitor) => ({ visitor, round }))).flat();
    const agentSends: number[] = [];
    const agentToVisitor: number[] = [];
    began = clock();
    await pool(rounds, WIDTH, async ({ visitor, round }) => {
      const sent = clock();
      const text = `agent ${visitor.index} ${round} t=${sent}`;
      const arrived = toVisitor.wait(text);
      const answer = await api(
        visitor.agentServer.url,
        'POST',
        `/v1/conversations/${visitor.conversationId}/messages`,
        {
          text,
        },
      );
      if (answer) agentSends.push(clock() - sent);
      const delay = await arrived;
      if (delay === undefined) failed('agent message never reached the visitor');
      else agentToVisitor.push(delay);
    });
    let seconds = (clock() - began) / 1000;
    figures('agent POST messages (answer)', agentSends, seconds);
    figures('agent message -> visitor stream event', agentToVisitor, seconds);

    // Visitor → agent: one message in flight per conversation (the agent's stream event names the conversation).
    const visitorSends: number[] = [];
    const toEvent: number[] = [];
    const toRead: number[] = [];
    began = clock();
    await pool(rounds, WIDTH, async ({ visitor, round }) =>
      inTurn(visitor, async () => {
        const sent = clock();
        const text = `visitor ${visitor.index} ${round} t=${sent}`;
        const seen = toAgent.wait(visitor.conversationId!);
        const answer = await post(`${visitor.chat.chatUrl}/v1/sessions/${visitor.sessionId}/continueChat`, {
          message: text,
        });
        if (answer.status !== 200) return failed(`continueChat ${answer.status}`);
        visitorSends.push(clock() - sent);
        const at = await seen;
        if (at === undefined)
          return failed(
            `visitor message never reached the agent stream (sent to process ${visitor.index % PROCESSES})`,
          );
        toEvent.push(at - sent);
        const read = await api(first.url, 'GET', `/v1/conversations/${visitor.conversationId}`);
        if (!read?.messages.some((line: { text: string }) => line.text === text))
          return failed('agent read without it');
        toRead.push(clock() - sent);
      }),
    );
    seconds = (clock() - began) / 1000;
    figures('visitor continueChat (answer)', visitorSends, seconds);
    figures('visitor message -> agent live event', toEvent, seconds);
    figures('visitor message -> agent has read it (GET conversation)', toRead, seconds);

    closing = true;
    inbox.close();
    for (const visitor of visitors) visitor.stream?.close();
  } finally {
    await Promise.all(
      servers.map(async (server) => {
        server.child.kill('SIGTERM');
        if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
      }),
    );
  }
}

async function main(): Promise<void> {
  const postgres = await postgresServer();
  if (!postgres) {
    console.log(`PostgreSQL not reachable at ${process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES}: skipped`);
    return;
  }
  const admin = new Client({ connectionString: postgres });
  await admin.connect();
  const name = `parley_bench_handoff_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  try {
    console.log(`${VISITORS} visitors, ${ROUNDS} messages each way per conversation, ${WIDTH} in flight`);
    await run(url.toString());
    console.log(
      `errors: ${errors}${failures.size ? ` (${[...failures].map(([what, count]) => `${what}: ${count}`).join(', ')})` : ''}`,
    );
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
    keepAlive.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
