import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EffectPerformers } from '../../../src/services/chat/effects';
import { group, publishDefinition, say, startChat, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Slow external work inside a turn. A local HTTP server stands in for a slow
// third party; a test-only performer of the loadBot effect (link to another
// bot) waits for it before loading the bot for real. The turn must come back
// with a normal answer however long the effect takes (up to its timeout), its
// session claim must hold all along, and a timed-out effect is the block's
// failure, not the request's.

interface SlowServer {
  url: string;
  hits: number;
  close(): Promise<void>;
}

/** Answers every request after `delayMs` (0: at once), counting hits. */
async function slowServer(delayMs: number): Promise<SlowServer> {
  const state = { hits: 0 };
  const server = http.createServer((request, response) => {
    state.hits += 1;
    const timer = setTimeout(() => response.end('done'), delayMs);
    request.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get hits() {
      return state.hits;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** loadBot performed after a request to the slow server (aborted when the effect's time is up). */
function behindSlowServer(slow: SlowServer): (real: EffectPerformers) => EffectPerformers {
  return (real) => ({
    ...real,
    async loadBot(effect, scope) {
      const response = await fetch(slow.url, { signal: scope.signal });
      await response.text();
      return real.loadBot(effect, scope);
    },
  });
}

async function linkedPair(server: TestServer): Promise<string> {
  const child = await publishDefinition(
    server,
    v6Bot({ name: 'Child', groups: [group('c1', [textBubble('in-child', 'In the child bot'), textInput('child-q')])] }),
  );
  const parent = v6Bot({
    name: 'Parent',
    groups: [
      group('p1', [textInput('q1', 'v1'), { id: 'link', type: 'Typebot link', options: { typebotId: child.botId } }]),
    ],
    variables: [{ id: 'v1', name: 'First' }],
  });
  return (await publishDefinition(server, parent)).publicId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an effect that takes ten seconds, ten times the session lease', () => {
  let slow: SlowServer;
  let server: TestServer;
  beforeAll(async () => {
    slow = await slowServer(10_000);
    // A 1 s lease: without renewal the claim would lapse ten times during the effect.
    server = await startTestServer({
      effects: behindSlowServer(slow),
      effectTimeoutMs: 60_000,
      sessionLeaseMs: 1_000,
      sessionWaitMs: 500,
    });
  });
  afterAll(async () => {
    await server.close();
    await slow.close();
  });

  test('answers 200 with what follows; concurrent replies meanwhile get Session busy; the session stays consistent', async () => {
    const publicId = await linkedPair(server);
    const started = await startChat(server, publicId);
    const { sessionId, resultId } = started.body;
    expect(started.body.input.id).toBe('q1');

    const sentAt = Date.now();
    const slowTurn = say(server, sessionId, 'first answer');
    const concurrent: { status: number; body: unknown }[] = [];
    // Early, after several leases, and late in the effect.
    for (const at of [500, 3_500, 8_000]) {
      await sleep(Math.max(0, at - (Date.now() - sentAt)));
      const reply = await say(server, sessionId, 'intruder');
      concurrent.push({ status: reply.status, body: reply.body });
    }
    const answered = await slowTurn;

    expect(answered.status).toBe(200);
    expect(texts(answered.body)).toEqual(['In the child bot']);
    expect(answered.body.input.id).toBe('child-q');
    expect(answered.body.logs).toEqual([]);
    expect(concurrent).toEqual(
      Array(3).fill({ status: 400, body: { code: 'BAD_REQUEST', message: 'Session busy', issues: [] } }),
    );
    expect(slow.hits).toBe(1);

    const answers = await server.db.answer.findMany({ where: { resultId } });
    expect(answers.map((answer) => [answer.blockId, answer.content])).toEqual([['q1', 'first answer']]);
    const session = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.claimedUntil).toBeNull();
    // The next reply is the child's input's.
    const next = await say(server, sessionId, 'to the child');
    expect(next.status).toBe(200);
    expect(next.body.input).toBeUndefined();
  }, 60_000);
});

describe('an effect past its timeout', () => {
  let slow: SlowServer;
  let server: TestServer;
  beforeAll(async () => {
    slow = await slowServer(5_000);
    server = await startTestServer({ effects: behindSlowServer(slow), effectTimeoutMs: 300 });
  });
  afterAll(async () => {
    await server.close();
    await slow.close();
  });

  test('fails the block (an error log, the flow goes on), not the request', async () => {
    const publicId = await linkedPair(server);
    const started = await startChat(server, publicId);
    const answered = await say(server, started.body.sessionId, 'first answer');
    expect(answered.status).toBe(200);
    expect(answered.body.messages).toEqual([]);
    expect(answered.body.logs).toEqual([
      { status: 'error', description: 'Failed to link typebot', details: 'Request timed out. (0.3s)' },
    ]);
    expect(answered.body.input).toBeUndefined();
  });
});
