import {
  edge,
  group,
  publishDefinition,
  say,
  setVariable,
  startChat,
  textBubble,
  textInput,
  texts,
  threeQuestions,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The runtime under load and abuse: concurrent turns on one session, per-turn
// limits, the code sandbox over HTTP, stats/usage counted from real chats,
// client logs.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function health(): Promise<number> {
  return (await request(server.url, 'GET', '/health')).status;
}

describe('concurrency', () => {
  test('two parallel continueChat on one session are both answered, in one of the two serial orders', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    for (let round = 0; round < 3; round += 1) {
      const started = await startChat(server, publicId);
      const { sessionId, resultId } = started.body;
      const before = Date.now();
      const [x, y] = await Promise.all([say(server, sessionId, 'x'), say(server, sessionId, 'y')]);
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(Date.now() - before).toBeLessThan(10_000);
      const session = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
      const variables = Object.fromEntries(
        ((session.state as any).queue[0].variables as { name: string; value: unknown }[]).map((variable) => [
          variable.name,
          variable.value,
        ]),
      );
      const orders = [
        { A: 'x', B: 'y' },
        { A: 'y', B: 'x' },
      ];
      expect(orders).toContainEqual({ A: variables.A, B: variables.B });
      expect(variables.C ?? null).toBeNull();
      const answers = await server.db.answer.findMany({ where: { resultId } });
      expect(answers.map((answer) => answer.content).sort()).toEqual(['x', 'y']);
      // one reply was asked q2 and the other q3
      const inputs = [x.body.input?.id, y.body.input?.id].sort();
      expect(inputs).toEqual(['q2', 'q3']);
      const last = await say(server, sessionId, 'z');
      expect(texts(last.body)).toEqual([`A=${variables.A} B=${variables.B} C=z`]);
      expect(await server.db.answer.count({ where: { resultId } })).toBe(3);
    }
  });
});

describe('limits', () => {
  test('an unconditional Jump loop stops the turn with 200 and a "Flow stopped:" log; the server still serves', async () => {
    const definition = v6Bot({
      groups: [group('gA', [textBubble('t', 'loop'), { id: 'j', type: 'Jump', options: { groupId: 'gA' } }], 'A')],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.status).toBe(200);
    const stopped = (started.body.logs ?? []).filter((log: { description: string }) =>
      log.description.startsWith('Flow stopped:'),
    );
    expect(stopped).toHaveLength(1);
    expect(stopped[0].status).toBe('error');
    expect(await health()).toBe(200);
    const again = await startChat(server, publicId);
    expect(again.status).toBe(200);
  });

  test('a loop behind an input: the turn stops, the session ends (nothing awaited), the server still serves', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [textInput('q', undefined, 'e-loop')]),
        group('gA', [{ id: 'j', type: 'Jump', options: { groupId: 'gA' } }], 'A'),
      ],
      edges: [edge('e-loop', 'gA', { blockId: 'q' })],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    const reply = await say(server, started.body.sessionId, 'go');
    expect(reply.status).toBe(200);
    expect(reply.body.logs.some((log: { description: string }) => log.description.startsWith('Flow stopped:'))).toBe(
      true,
    );
    expect(reply.body.input).toBeUndefined();
    expect(await server.db.chatSession.count({ where: { id: started.body.sessionId } })).toBe(0);
    expect(await health()).toBe(200);
  });
});

describe('sandbox over HTTP', () => {
  const attacks: [string, string][] = [
    ['process.exit()', 'process.exit(1)'],
    ["require('fs')", "return require('fs').readFileSync('/etc/passwd', 'utf8')"],
    ['constructor escape', "return this.constructor.constructor('return process')().exit(1)"],
    // "return " present, so the code runs as written (no "return " prepended)
    ['infinite loop', 'while (true) {} return 1'],
    ['memory bomb', 'const a = []; while (true) a.push(new Array(1e6).fill("xxxxxxxxxx")); return a.length'],
  ];

  test.each(attacks)(
    '%s: the turn answers 200 with a log or the text fallback, and the server keeps answering',
    async (_name, code) => {
      const definition = v6Bot({
        groups: [
          group('g1', [
            textInput('q'),
            setVariable('s', 'vout', code, { isCode: true }),
            textBubble('t', 'out={{Out}}'),
            textInput('q2'),
          ]),
        ],
        variables: [{ id: 'vout', name: 'Out' }],
      });
      const { publicId } = await publishDefinition(server, definition);
      const started = await startChat(server, publicId);
      const reply = await say(server, started.body.sessionId, 'go');
      expect(reply.status).toBe(200);
      // isCode: the error is logged; the value falls back to its text (docs/engine-behaviour.md#custom-expressions)
      expect(reply.body.logs).toEqual([
        expect.objectContaining({ context: 'While evaluating set variable expression' }),
      ]);
      expect(texts(reply.body)).toEqual([`out=${code}`]);
      expect(reply.body.input).toMatchObject({ id: 'q2' });
      expect(await health()).toBe(200);
    },
  );
});

describe('stats and usage count real chats', () => {
  test('views, starts, completions and chats used', async () => {
    const workspace = await request(server.url, 'POST', '/v1/workspaces', {
      token: server.adminToken,
      json: { name: 'Counted' },
    });
    const workspaceId = workspace.body.workspace.id as string;
    const definition = v6Bot({
      groups: [group('g1', [textInput('q1'), textInput('q2'), textBubble('end', 'thanks')])],
    });
    const { botId, publicId } = await publishDefinition(server, definition, workspaceId);

    // 2 abandoned after start
    for (let index = 0; index < 2; index += 1) expect((await startChat(server, publicId)).status).toBe(200);
    // 2 answered once
    for (let index = 0; index < 2; index += 1) {
      const started = await startChat(server, publicId);
      expect((await say(server, started.body.sessionId, 'a')).status).toBe(200);
    }
    // 1 completed
    const done = await startChat(server, publicId);
    await say(server, done.body.sessionId, 'a');
    const finished = await say(server, done.body.sessionId, 'b');
    expect(texts(finished.body)).toEqual(['thanks']);
    // 1 registered only (never continued): not a view
    expect((await startChat(server, publicId, { isOnlyRegistering: true })).status).toBe(200);
    // previews never count
    const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
      token: server.adminToken,
      json: {},
    });
    expect(preview.status).toBe(200);
    await say(server, preview.body.sessionId, 'a');
    await say(server, preview.body.sessionId, 'b');
    const anonymous = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
      json: { bot: definition },
    });
    await say(server, anonymous.body.sessionId, 'a');

    const stats = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats?timeFilter=allTime`, {
      token: server.adminToken,
    });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ stats: { totalViews: 5, totalStarts: 3, totalCompleted: 1 } });

    const usage = await request(server.url, 'GET', `/v1/billing/usage?workspaceId=${workspaceId}`, {
      token: server.adminToken,
    });
    expect(usage.status).toBe(200);
    expect(usage.body.totalChatsUsed).toBe(3);
  });
});

describe('clientLogs', () => {
  test('saves logs to the result of a live session', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    const started = await startChat(server, publicId);
    const response = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
      json: {
        clientLogs: [
          { status: 'error', description: 'Script failed', details: { line: 3, reason: ['a', 'b'] } },
          { status: 'info', description: 'Plain details', details: 'text' },
          { status: 'success', description: 'No details' },
        ],
      },
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { message: 'Logs successfully saved.' },
    });
    const logs = await server.db.log.findMany({
      where: { resultId: started.body.resultId },
      orderBy: { description: 'asc' },
    });
    expect(logs.map((log) => ({ status: log.status, description: log.description }))).toEqual([
      { status: 'success', description: 'No details' },
      { status: 'info', description: 'Plain details' },
      { status: 'error', description: 'Script failed' },
    ]);
    expect(JSON.parse(logs.find((log) => log.description === 'Script failed')!.details!)).toEqual({
      line: 3,
      reason: ['a', 'b'],
    });
  });

  test('a preview session is refused with a 400', async () => {
    const preview = await request(server.url, 'POST', '/v1/bots/any/preview/startChat', {
      json: { bot: threeQuestions() },
    });
    expect(preview.status).toBe(200);
    const response = await request(server.url, 'POST', `/v1/sessions/${preview.body.sessionId}/clientLogs`, {
      json: { clientLogs: [{ status: 'error', description: 'x' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(await server.db.log.count({ where: { description: 'x' } })).toBe(0);
  });

  test('malformed clientLogs is a 400 with issues at ["clientLogs", ...]', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    const started = await startChat(server, publicId);
    const response = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
      json: { clientLogs: [{ status: 'error' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path[0]).toBe('clientLogs');
  });

  test('a client log whose status or context is null is refused (400 naming the field), nothing stored', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    const started = await startChat(server, publicId);
    const response = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
      json: { clientLogs: [{ status: null, description: 'null status' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues[0].path).toEqual(['clientLogs', 0, 'status']);
    expect(await server.db.log.count({ where: { description: 'null status' } })).toBe(0);
  });
});
