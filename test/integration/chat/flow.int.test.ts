import {
  createBot,
  edge,
  group,
  publishDefinition,
  say,
  startChat,
  setVariable,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Flows over real HTTP: message forms, events, Jump/Return, conditions,
// variables, registration, start-with-message, progress, linked bots.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NAME = { id: 'vname', name: 'Name' };

/** g1: "Hello" + ask Name → g2: "Bye {{Name}}". */
function askNameBot(
  extra: { events?: any[]; groups?: any[]; edges?: any[]; variables?: any[]; settings?: any; theme?: any } = {},
) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hello'), textInput('b2', 'vname', 'e2')], 'Welcome'),
      group('g2', [textBubble('b3', 'Bye {{Name}}')]),
      ...(extra.groups ?? []),
    ],
    edges: [edge('e2', 'g2', { blockId: 'b2' }), ...(extra.edges ?? [])],
    events: extra.events,
    variables: [NAME, ...(extra.variables ?? [])],
    settings: extra.settings,
    theme: extra.theme,
  });
}

async function begin(definition: Record<string, unknown>, body: Record<string, unknown> = {}) {
  const bot = await publishDefinition(server, definition);
  const started = await startChat(server, bot.publicId, body);
  expect(started.status).toBe(200);
  return { ...bot, started, sessionId: started.body.sessionId as string };
}

async function expectSessionGone(sessionId: string) {
  const again = await say(server, sessionId, 'more');
  expect({ status: again.status, message: again.body.message }).toEqual({ status: 400, message: 'Session not found' });
}

describe('message forms', () => {
  test.each([
    ['a string', 'Ann'],
    ['a text object', { type: 'text', text: 'Ann' }],
    ['a text object with attachments and metadata', { type: 'text', text: 'Ann', attachedFileUrls: [], metadata: {} }],
  ])('%s answers the input', async (_name, message) => {
    const { started, sessionId, botId } = await begin(askNameBot());
    expect(texts(started.body)).toEqual(['Hello']);
    expect(started.body.input).toMatchObject({ id: 'b2', type: 'text input' });
    const reply = await say(server, sessionId, message);
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Bye Ann']);
    expect(reply.body.input).toBeUndefined();
    const result = await server.db.result.findFirstOrThrow({ where: { botId }, include: { answers: true } });
    expect(result.answers.map((answer) => answer.content)).toEqual(['Ann']);
    expect(result).toMatchObject({ hasStarted: true, isCompleted: true });
  });

  function commandBot(resumeAfter?: boolean) {
    return askNameBot({
      events: [
        {
          id: 'ev-cmd',
          type: 'command',
          options: { command: 'help', ...(resumeAfter === undefined ? {} : { resumeAfter }) },
          outgoingEdgeId: 'e-cmd',
          graphCoordinates: { x: 0, y: 0 },
        },
      ],
      groups: [group('g-help', [textBubble('h1', 'Here is some help')])],
      edges: [edge('e-cmd', 'g-help', { eventId: 'ev-cmd' })],
    });
  }

  test('a command without resumeAfter runs the command flow, whose end ends the session', async () => {
    const { sessionId } = await begin(commandBot());
    const reply = await say(server, sessionId, { type: 'command', command: 'help' });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Here is some help']);
    expect(reply.body.input).toBeUndefined();
    await expectSessionGone(sessionId);
  });

  test('a command with resumeAfter re-asks the interrupted input, which then continues normally', async () => {
    const { sessionId } = await begin(commandBot(true));
    const reply = await say(server, sessionId, { type: 'command', command: 'help' });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Here is some help']);
    expect(reply.body.input).toMatchObject({ id: 'b2' });
    const answer = await say(server, sessionId, 'Ann');
    expect(texts(answer.body)).toEqual(['Bye Ann']);
  });
});

describe('reply events', () => {
  function replyBot(withReturn: boolean) {
    return askNameBot({
      events: [
        {
          id: 'ev-reply',
          type: 'reply',
          options: { contentVariableId: 'vreply' },
          outgoingEdgeId: 'e-reply',
          graphCoordinates: { x: 0, y: 0 },
        },
      ],
      groups: [
        group('g-reply', [
          textBubble('r1', 'You said {{Reply}}'),
          ...(withReturn ? [{ id: 'r2', type: 'Return' }] : []),
        ]),
      ],
      edges: [edge('e-reply', 'g-reply', { eventId: 'ev-reply' })],
      variables: [{ id: 'vreply', name: 'Reply' }],
    });
  }

  test('with a Return: the event flow messages, then the normal continuation with the answer saved', async () => {
    const { sessionId, botId } = await begin(replyBot(true));
    const reply = await say(server, sessionId, 'Ann');
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['You said Ann', 'Bye Ann']);
    const result = await server.db.result.findFirstOrThrow({ where: { botId }, include: { answers: true } });
    expect(result.answers.map((answer) => answer.content)).toEqual(['Ann']);
    await expectSessionGone(sessionId);
  });

  test('without a Return: the input is never answered and the session ends', async () => {
    const { sessionId, botId } = await begin(replyBot(false));
    const reply = await say(server, sessionId, 'Ann');
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['You said Ann']);
    expect(reply.body.input).toBeUndefined();
    expect(await server.db.answer.count({ where: { result: { botId } } })).toBe(0);
    await expectSessionGone(sessionId);
  });

  test('an invalid reply with a reply event: the event flow runs, then the retry, carrying clientSideActions [] and logs [] (the reference joins both answers)', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [{ id: 'b2', type: 'email input', options: { variableId: 'vmail' }, outgoingEdgeId: 'e2' }]),
        group('g2', [textBubble('b3', 'Got {{Mail}}')]),
        group('g-reply', [textBubble('r1', 'You said {{Reply}}'), { id: 'r2', type: 'Return' }]),
      ],
      edges: [edge('e2', 'g2', { blockId: 'b2' }), edge('e-reply', 'g-reply', { eventId: 'ev-reply' })],
      events: [
        {
          id: 'ev-reply',
          type: 'reply',
          options: { contentVariableId: 'vreply' },
          outgoingEdgeId: 'e-reply',
          graphCoordinates: { x: 0, y: 0 },
        },
      ],
      variables: [
        { id: 'vmail', name: 'Mail' },
        { id: 'vreply', name: 'Reply' },
      ],
    });
    const { sessionId } = await begin(definition);
    const invalid = await say(server, sessionId, 'nope');
    expect(invalid.status).toBe(200);
    expect(Object.keys(invalid.body).sort()).toEqual(['clientSideActions', 'input', 'logs', 'messages']);
    expect(texts(invalid.body)).toEqual([
      'You said nope',
      "This email doesn't seem to be valid. Can you type it again?",
    ]);
    expect(invalid.body.clientSideActions).toEqual([]);
    expect(invalid.body.logs).toEqual([]);
    expect(invalid.body.input).toMatchObject({ id: 'b2', type: 'email input' });
  });

  test('invalidReply event replaces the retry message; its Return re-displays the input', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [{ id: 'b2', type: 'email input', options: { variableId: 'vmail' }, outgoingEdgeId: 'e2' }]),
        group('g2', [textBubble('b3', 'Got {{Mail}}')]),
        group('g-bad', [textBubble('x1', 'Not an e-mail: {{Bad}}'), { id: 'x2', type: 'Return' }]),
      ],
      edges: [edge('e2', 'g2', { blockId: 'b2' }), edge('e-bad', 'g-bad', { eventId: 'ev-bad' })],
      events: [
        {
          id: 'ev-bad',
          type: 'invalidReply',
          options: { contentVariableId: 'vbad' },
          outgoingEdgeId: 'e-bad',
          graphCoordinates: { x: 0, y: 0 },
        },
      ],
      variables: [
        { id: 'vmail', name: 'Mail' },
        { id: 'vbad', name: 'Bad' },
      ],
    });
    const { sessionId } = await begin(definition);
    const invalid = await say(server, sessionId, 'nope');
    expect(invalid.status).toBe(200);
    expect(texts(invalid.body)).toEqual(['Not an e-mail: nope']);
    expect(invalid.body.input).toMatchObject({ id: 'b2', type: 'email input' });
    const valid = await say(server, sessionId, 'ann@example.com');
    expect(texts(valid.body)).toEqual(['Got ann@example.com']);
  });
});

describe('logic', () => {
  test('Jump then Return continues after the Jump block', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          textBubble('a1', 'one'),
          { id: 'a2', type: 'Jump', options: { groupId: 'g-side' } },
          textBubble('a3', 'three'),
        ]),
        group('g-side', [textBubble('s1', 'two'), { id: 's2', type: 'Return' }]),
      ],
    });
    const bot = await publishDefinition(server, definition);
    const started = await startChat(server, bot.publicId);
    expect(started.status).toBe(200);
    expect(texts(started.body)).toEqual(['one', 'two', 'three']);
    expect(started.body.resultId).toBeUndefined();
  });

  function conditionBot() {
    return v6Bot({
      groups: [
        group('g1', [
          textInput('q', 'vanswer'),
          {
            id: 'c1',
            type: 'Condition',
            items: [
              {
                id: 'i-yes',
                content: {
                  comparisons: [{ id: 'k1', variableId: 'vanswer', comparisonOperator: 'Equal to', value: 'yes' }],
                },
                outgoingEdgeId: 'e-yes',
              },
              {
                id: 'i-stop',
                content: {
                  comparisons: [{ id: 'k2', variableId: 'vanswer', comparisonOperator: 'Equal to', value: 'stop' }],
                },
              },
            ],
            outgoingEdgeId: 'e-else',
          },
          textBubble('after', 'after the condition'),
        ]),
        group('g-yes', [textBubble('y', 'Yes path')]),
        group('g-else', [textBubble('n', 'Else path')]),
      ],
      edges: [edge('e-yes', 'g-yes', { blockId: 'c1', itemId: 'i-yes' }), edge('e-else', 'g-else', { blockId: 'c1' })],
      variables: [{ id: 'vanswer', name: 'Answer' }],
    });
  }

  test.each([
    ['yes', ['Yes path']],
    ['other', ['Else path']],
    ['stop', []],
  ])('Condition with answer %j', async (answer, expected) => {
    const { sessionId } = await begin(conditionBot());
    const reply = await say(server, sessionId, answer);
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(expected);
    expect(reply.body.input).toBeUndefined();
    await expectSessionGone(sessionId);
  });

  test('Set variable and substitution in text', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          setVariable('s1', 'vx', '2 + 3'),
          setVariable('s2', 'vy', 'Hello {{X}}'),
          textBubble('t', 'X={{X}} Y={{Y}} Z={{Z}}'),
          textInput('q'),
        ]),
      ],
      variables: [
        { id: 'vx', name: 'X' },
        { id: 'vy', name: 'Y' },
        { id: 'vz', name: 'Z' },
      ],
    });
    const { started } = await begin(definition);
    expect(texts(started.body)).toEqual(['X=5 Y=Hello 5 Z=']);
  });

  test('prefilledVariables: known names set (lists included), unknown names ignored', async () => {
    const definition = v6Bot({
      groups: [group('g1', [textBubble('t', 'A={{A}} L={{L}}'), textInput('q')])],
      variables: [
        { id: 'va', name: 'A', value: 'default' },
        { id: 'vl', name: 'L' },
      ],
    });
    const { started } = await begin(definition, {
      prefilledVariables: { A: 'filled', L: ['x', 'y'], Unknown: 'ignored' },
    });
    // v6: a list renders as its JSON text (docs/engine-behaviour.md#substitution-rules)
    expect(texts(started.body)).toEqual(['A=filled L=["x","y"]']);
    const session = await server.db.chatSession.findUniqueOrThrow({ where: { id: started.body.sessionId } });
    const variables = (session.state as any).queue[0].variables as { name: string; value: unknown }[];
    expect(variables.find((variable) => variable.name === 'L')!.value).toEqual(['x', 'y']);
    expect(variables.map((variable) => variable.name)).not.toContain('Unknown');
  });
});

describe('start options', () => {
  test('isOnlyRegistering: session without flow; the first continueChat starts it with its message as first answer', async () => {
    const { started, sessionId, botId } = await begin(
      v6Bot({
        groups: [
          group('g1', [textInput('b2', 'vname', 'e2')]),
          group('g2', [textBubble('b3', 'Hi {{Name}}'), textInput('b4')]),
        ],
        edges: [edge('e2', 'g2', { blockId: 'b2' })],
        variables: [NAME],
      }),
      { isOnlyRegistering: true },
    );
    expect(started.body.messages).toEqual([]);
    expect(started.body.input).toBeUndefined();
    expect(started.body.resultId).toBeUndefined();
    expect(typeof sessionId).toBe('string');
    expect(await server.db.result.count({ where: { botId } })).toBe(0);

    const first = await say(server, sessionId, 'Ann');
    expect(first.status).toBe(200);
    expect(texts(first.body)).toEqual(['Hi Ann']);
    expect(first.body.input).toMatchObject({ id: 'b4' });
    const results = await server.db.result.findMany({ where: { botId }, include: { answers: true } });
    expect(results).toHaveLength(1);
    expect(results[0]!.answers.map((answer) => answer.content)).toEqual(['Ann']);
    expect(results[0]!.hasStarted).toBe(true);
  });

  test('startChat with message answers a first text input (no lastMessageNewFormat)', async () => {
    const { started, botId } = await begin(
      v6Bot({
        groups: [
          group('g1', [textInput('b2', 'vname', 'e2')]),
          group('g2', [textBubble('b3', 'Hi {{Name}}'), textInput('b4')]),
        ],
        edges: [edge('e2', 'g2', { blockId: 'b2' })],
        variables: [NAME],
      }),
      { message: 'Ann' },
    );
    expect(texts(started.body)).toEqual(['Hi Ann']);
    expect(started.body.input).toMatchObject({ id: 'b4' });
    expect(started.body).not.toHaveProperty('lastMessageNewFormat');
    expect(typeof started.body.resultId).toBe('string');
    const result = await server.db.result.findUniqueOrThrow({
      where: { id: started.body.resultId },
      include: { answers: true },
    });
    expect(result.botId).toBe(botId);
    expect(result.answers.map((answer) => answer.content)).toEqual(['Ann']);
    expect(result.hasStarted).toBe(true);
  });

  test('textBubbleContentFormat markdown', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          {
            id: 't',
            type: 'text',
            content: { richText: [{ type: 'p', children: [{ text: 'bold', bold: true }, { text: ' {{Name}}' }] }] },
          },
          textInput('q'),
        ]),
      ],
      variables: [{ id: 'vname', name: 'Name', value: 'Ann' }],
    });
    const { started } = await begin(definition, { textBubbleContentFormat: 'markdown' });
    expect(started.body.messages[0].content).toEqual({ type: 'markdown', markdown: '**bold** Ann' });
  });

  test('progress bar on a 3-input linear bot: 25, 50, 75 then 100', async () => {
    const definition = v6Bot({
      groups: [group('g1', [textInput('q1'), textInput('q2'), textInput('q3'), textBubble('end', 'done')])],
      theme: { general: { progressBar: { isEnabled: true } } },
    });
    const { started, sessionId } = await begin(definition);
    expect(started.body.progress).toBe(25);
    expect((await say(server, sessionId, 'a')).body.progress).toBe(50);
    expect((await say(server, sessionId, 'b')).body.progress).toBe(75);
    const last = await say(server, sessionId, 'c');
    expect(texts(last.body)).toEqual(['done']);
    expect(last.body.progress).toBe(100);
  });

  test('resultId only when the bot waits; an immediately ended chat keeps no session', async () => {
    const waiting = await begin(askNameBot());
    expect(typeof waiting.started.body.resultId).toBe('string');
    const ended = await begin(v6Bot({ groups: [group('g1', [textBubble('t', 'only text')])] }));
    expect(texts(ended.started.body)).toEqual(['only text']);
    expect(ended.started.body.resultId).toBeUndefined();
    await expectSessionGone(ended.sessionId);
  });

  test('the session is deleted when the flow ends', async () => {
    const { sessionId } = await begin(askNameBot());
    expect((await say(server, sessionId, 'Ann')).status).toBe(200);
    expect(await server.db.chatSession.count({ where: { id: sessionId } })).toBe(0);
    await expectSessionGone(sessionId);
  });
});

describe('link to another bot of the workspace', () => {
  async function publishChild() {
    return publishDefinition(
      server,
      v6Bot({
        name: 'Child',
        groups: [group('c1', [textBubble('cb1', 'Child asks {{Name}}'), textInput('cb2', 'vcolor')])],
        variables: [NAME, { id: 'vcolor', name: 'Color' }],
      }),
    );
  }

  function parentBot(childId: string, mergeResults: boolean) {
    return v6Bot({
      name: 'Parent',
      groups: [
        group('p1', [textInput('pb1', 'vname', 'pe1')]),
        group('p2', [
          textBubble('pb2', 'Going to child'),
          { id: 'pl', type: 'Typebot link', options: { typebotId: childId, mergeResults }, outgoingEdgeId: 'pe2' },
        ]),
        group('p3', [textBubble('pb3', 'Back in parent, {{Name}} likes {{Color}}'), textInput('pb4')]),
      ],
      edges: [edge('pe1', 'p2', { blockId: 'pb1' }), edge('pe2', 'p3', { blockId: 'pl' })],
      variables: [NAME, { id: 'vcolor', name: 'Color' }],
    });
  }

  test.each([true, false])('mergeResults %s', async (mergeResults) => {
    const child = await publishChild();
    const { sessionId, botId, started } = await begin(parentBot(child.botId, mergeResults));
    const first = await say(server, sessionId, 'Ann');
    expect(first.status).toBe(200);
    expect(texts(first.body)).toEqual(['Going to child', 'Child asks Ann']);
    expect(first.body.input).toMatchObject({ id: 'cb2' });
    const second = await say(server, sessionId, 'blue');
    expect(second.status).toBe(200);
    expect(texts(second.body)).toEqual([
      mergeResults ? 'Back in parent, Ann likes blue' : 'Back in parent, Ann likes ',
    ]);
    expect(second.body.input).toMatchObject({ id: 'pb4' });

    const parentResult = await server.db.result.findUniqueOrThrow({
      where: { id: started.body.resultId },
      include: { answers: true },
    });
    expect(parentResult.botId).toBe(botId);
    const childResults = await server.db.result.findMany({ where: { botId: child.botId }, include: { answers: true } });
    if (mergeResults) {
      expect(parentResult.answers.map((answer) => answer.content).sort()).toEqual(['Ann', 'blue']);
      expect(childResults).toHaveLength(0);
    } else {
      expect(parentResult.answers.map((answer) => answer.content)).toEqual(['Ann']);
      expect(childResults).toHaveLength(1);
      expect(childResults[0]!.answers.map((answer) => answer.content)).toEqual(['blue']);
      expect(childResults[0]).toMatchObject({ hasStarted: true, isCompleted: true });
    }
  });
});

describe('progress through a link to another bot', () => {
  const PROGRESS = { general: { progressBar: { isEnabled: true } } };

  /** Child: two inputs. */
  function progressChild() {
    return v6Bot({ name: 'Progress child', groups: [group('c1', [textInput('cq1'), textInput('cq2')])] });
  }

  /** Parent (progress bar on): one input, the link to the child, one input after it. */
  function progressParent(childId: string, mergeResults: boolean) {
    return v6Bot({
      name: 'Progress parent',
      groups: [
        group('p1', [textInput('pq1', undefined, 'pe1')]),
        group('p2', [
          { id: 'plink', type: 'Typebot link', options: { typebotId: childId, mergeResults }, outgoingEdgeId: 'pe2' },
        ]),
        group('p3', [textInput('pq2'), textBubble('pend', 'done')]),
      ],
      edges: [edge('pe1', 'p2', { blockId: 'pq1' }), edge('pe2', 'p3', { blockId: 'plink' })],
      theme: PROGRESS,
    });
  }

  /** (T + 1) / (T + 1 + L): 1/5, then 2/5 in the child (L = 2 + 1), 3/5, 4/5 back in the parent, then 100. */
  async function expectProgressThroughChild(
    started: { body: any },
    reply: (message: string) => Promise<{ status: number; body: any }>,
  ) {
    expect(started.body.input).toMatchObject({ id: 'pq1' });
    expect(started.body.progress).toBe(20);
    const steps: [string, string | undefined, number][] = [
      ['a', 'cq1', 40],
      ['b', 'cq2', 60],
      ['c', 'pq2', 80],
      ['d', undefined, 100],
    ];
    for (const [message, inputId, progress] of steps) {
      const answer = await reply(message);
      expect(answer.status).toBe(200);
      expect({ input: answer.body.input?.id, progress: answer.body.progress }).toEqual({ input: inputId, progress });
    }
  }

  test.each([false, true])('live, child published, mergeResults %s: 20, 40, 60, 80 then 100', async (mergeResults) => {
    const child = await publishDefinition(server, progressChild());
    const { started, sessionId } = await begin(progressParent(child.botId, mergeResults));
    await expectProgressThroughChild(started, (message) => say(server, sessionId, message));
  });

  test('a link to a bot that cannot run (never published) adds nothing, as the chat skips it: 1/3 then 2/3', async () => {
    const { botId: childId } = await createBot(server, progressChild());
    const { started, sessionId } = await begin(progressParent(childId, false));
    expect(started.body.progress).toBeCloseTo(100 / 3, 10);
    const next = await say(server, sessionId, 'a');
    expect(next.body.input).toMatchObject({ id: 'pq2' });
    expect(next.body.progress).toBeCloseTo(200 / 3, 10);
  });

  test('links are followed transitively: parent → child → grandchild', async () => {
    const grandchild = await publishDefinition(
      server,
      v6Bot({ name: 'Grandchild', groups: [group('g1', [textInput('gq1'), textInput('gq2')])] }),
    );
    const child = await publishDefinition(
      server,
      v6Bot({
        name: 'Middle',
        groups: [
          group('m1', [
            textInput('mq1'),
            { id: 'mlink', type: 'Typebot link', options: { typebotId: grandchild.botId } },
          ]),
        ],
      }),
    );
    const { started, sessionId } = await begin(progressParent(child.botId, true));
    // L = pq1 + (mq1 + gq1 + gq2) + pq2 = 5
    expect(started.body.progress).toBeCloseTo(100 / 6, 10);
    const inChild = await say(server, sessionId, 'a');
    expect(inChild.body.input).toMatchObject({ id: 'mq1' });
    expect(inChild.body.progress).toBeCloseTo(200 / 6, 10);
  });

  test('preview: the linked bot is its draft', async () => {
    const { botId: childId } = await createBot(server, progressChild());
    const { botId } = await createBot(server, progressParent(childId, false));
    const started = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
      token: server.adminToken,
      json: {},
    });
    expect(started.status).toBe(200);
    await expectProgressThroughChild(started, (message) => say(server, started.body.sessionId, message));
  });
});
