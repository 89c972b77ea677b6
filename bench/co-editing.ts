// Editing together on a 500-group bot: three editors on three server
// processes sharing one PostgreSQL database (prints figures; not a test).
//   npm run bench:co-editing
// One editor saves a one-block change (editBot) 60 times; the two others
// listen to the draft's live stream on their own processes and, on each
// event, read the change log since their version and apply the patches to
// their copy. Figures: the save's round trip, and the time from sending the
// save to the others' copies being up to date (p50, p95, max). Goal (issue
// 37): under a second. Also the save's round trip with a whole-draft PATCH,
// and with the console editor's changeBotDraft (a one-block patch, the saves
// since its version read in the same answer).
import { Client } from 'pg';
import { applyDraftPatch, type DraftPatch } from '../src/engine/shapes/draft-patch';
import { parseDefinition, type BotDefinition } from '../src/engine/definition/parse';
import { bigBot } from './bots';
import { apiCall } from './http-post';
import { BENCH_TOKEN, DEFAULT_POSTGRES, parleyServe, quantile, type ServerProcess } from './serve-process';

const GROUPS = 500;
const SAVES = 60;

const call = (url: string, method: string, route: string, body?: unknown) =>
  apiCall(url, BENCH_TOKEN, method, route, body);

/** An editor on one process: its copy of the draft, kept up to date from the live stream and the change log. */
class Listener {
  version = 0;
  copy!: BotDefinition;
  private waiters: { version: number; resolve: () => void }[] = [];
  private abort = new AbortController();

  constructor(
    private readonly url: string,
    private readonly botId: string,
  ) {}

  async open(): Promise<void> {
    const bot = (await call(this.url, 'GET', `/v1/bots/${this.botId}`)).bot;
    const parsed = parseDefinition(bot);
    if (!parsed.ok) throw new Error('draft does not parse');
    this.copy = parsed.definition;
    this.version = (await call(this.url, 'GET', `/v1/bots/${this.botId}/draft/changes?since=0`)).draftVersion;
    const response = await fetch(`${this.url}/v1/bots/${this.botId}/draft/live`, {
      headers: { authorization: `Bearer ${BENCH_TOKEN}`, accept: 'text/event-stream' },
      signal: this.abort.signal,
    });
    void this.read(response.body!);
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (data) await this.catchUp((JSON.parse(data) as { draftVersion: number }).draftVersion);
        }
      }
    } catch {
      // Closed by the bench.
    }
  }

  private async catchUp(version: number): Promise<void> {
    if (version <= this.version) return;
    const log = await call(this.url, 'GET', `/v1/bots/${this.botId}/draft/changes?since=${this.version}`);
    for (const change of log.changes as { version: number; patch: DraftPatch }[]) {
      this.copy = applyDraftPatch(this.copy, change.patch);
      this.version = change.version;
    }
    for (const waiter of this.waiters.filter((one) => one.version <= this.version)) waiter.resolve();
    this.waiters = this.waiters.filter((one) => one.version > this.version);
  }

  reached(version: number): Promise<void> {
    if (this.version >= version) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  close(): void {
    this.abort.abort();
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

async function measure(databaseUrl: string): Promise<void> {
  const servers: ServerProcess[] = [];
  try {
    for (let index = 0; index < 3; index += 1) servers.push(await parleyServe(databaseUrl, 1));
    const [mine, ...others] = servers.map((server) => server.url);
    const [workspace] = (await call(mine!, 'GET', '/v1/workspaces')).workspaces;
    const botId = (await call(mine!, 'POST', '/v1/bots', { workspaceId: workspace.id, bot: bigBot(GROUPS) })).bot.id;
    const listeners = others.map((url) => new Listener(url!, botId));
    await Promise.all(listeners.map((listener) => listener.open()));
    const saves: number[] = [];
    const reached: number[] = [];
    for (let index = 0; index < SAVES; index += 1) {
      const began = performance.now();
      await call(mine!, 'POST', `/v1/bots/${botId}/edits`, {
        edits: [
          {
            op: 'updateBlock',
            blockId: `t${index % GROUPS}`,
            content: { richText: [{ type: 'p', children: [{ text: `Edit ${index}` }] }] },
          },
        ],
      });
      saves.push(performance.now() - began);
      // REST carries the version in the ETag: read it from the log (a few ms, counted in the figure).
      const version = (await call(mine!, 'GET', `/v1/bots/${botId}/draft/changes?since=0`)).draftVersion as number;
      await Promise.all(listeners.map((listener) => listener.reached(version)));
      reached.push(performance.now() - began);
    }
    const expected = (await call(mine!, 'GET', `/v1/bots/${botId}`)).bot;
    const same = listeners.every((listener) => {
      const parsed = parseDefinition(expected);
      return parsed.ok && JSON.stringify(parsed.definition.groups) === JSON.stringify(listener.copy.groups);
    });
    listeners.forEach((listener) => listener.close());
    const patches: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const bot = (await call(mine!, 'GET', `/v1/bots/${botId}`)).bot;
      bot.groups[index].title = `Renamed ${index}`;
      const began = performance.now();
      await call(mine!, 'PATCH', `/v1/bots/${botId}`, { bot: { groups: bot.groups, edges: bot.edges } });
      patches.push(performance.now() - began);
    }
    const editorSaves: number[] = [];
    let since = (await call(mine!, 'GET', `/v1/bots/${botId}/draft/changes?since=0`)).draftVersion as number;
    for (let index = 0; index < 20; index += 1) {
      const block = {
        id: `t${index}`,
        type: 'text',
        content: { richText: [{ type: 'p', children: [{ text: `Typed ${index}` }] }] },
      };
      const began = performance.now();
      const answer = await call(mine!, 'POST', '/graphql', {
        query: `mutation ($botId: ID!, $patch: JSON!, $since: Int!) {
          changeBotDraft(botId: $botId, patch: $patch, clientKey: "bench") { draftVersion draftChanges(since: $since) { version patch } }
        }`,
        variables: { botId, since, patch: { blocks: { set: [{ groupId: `g${index}`, block }] } } },
      });
      editorSaves.push(performance.now() - began);
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
      since = answer.data.changeBotDraft.draftVersion;
    }
    console.log(`${GROUPS} groups, three processes on PostgreSQL, ${SAVES} one-block edits:`);
    console.log(`  editBot round trip:                 ${summary(saves)}`);
    console.log(`  save sent → both other copies current: ${summary(reached)}  (goal: under 1000 ms)`);
    console.log(`  copies equal the server's draft at the end: ${same ? 'yes' : 'NO'}`);
    console.log(`  whole-draft PATCH round trip (20):   ${summary(patches)}`);
    console.log(`  editor's changeBotDraft round trip (20): ${summary(editorSaves)}`);
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES;
  const admin = new Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL unreachable (${(error as Error).message}): nothing measured`);
    return;
  }
  const name = `parley_bench_coediting_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await measure(url.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

void main();
