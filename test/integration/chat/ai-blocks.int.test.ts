import http from 'node:http';
import { group, publishDefinition, say, startChat, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { FAKE_API_KEY, startFakeAi, type FakeAi } from '../../helpers/fake-ai';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// AI blocks over real HTTP against a local stand-in of the providers (it
// checks the API key, records requests, answers "Echo: <last user message>",
// whole or streamed). Credentials are created through the REST API with the
// fake's base URL; the test server allows 127.0.0.1 through
// PARLEY_OUTBOUND_ALLOW, a second one without it shows the guard.

type Json = Record<string, any>;

let fake: FakeAi;
let server: TestServer;
let credentialsId: string;
beforeAll(async () => {
  fake = await startFakeAi();
  server = await startTestServer({ outboundAllow: '127.0.0.1' });
  credentialsId = await createCredentials(server, server.adminWorkspaceId, server.adminToken, 'openai');
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  fake.hits.length = 0;
  fake.reply = undefined;
  fake.failNext = undefined;
});

async function createCredentials(
  target: TestServer,
  workspaceId: string,
  token: string,
  type: string,
  baseUrl = fake.base,
): Promise<string> {
  const created = await request(target.url, 'POST', `/v1/workspaces/${workspaceId}/credentials`, {
    token,
    json: { type, name: `${type} key`, data: { apiKey: FAKE_API_KEY, baseUrl } },
  });
  expect(created.status).toBe(200);
  return created.body.credentials.id;
}

const variables = [
  { id: 'v-question', name: 'Question' },
  { id: 'v-answer', name: 'Answer' },
  { id: 'v-total', name: 'Total' },
  { id: 'v-history', name: 'History' },
];

/** Asks a question, runs the AI block, shows the answer in the next bubble, then asks again. */
function aiBot(block: Json, after: Json[] = [textBubble('show', '{{Answer}}')]): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'v-question'),
        block,
        ...after,
        textBubble('tokens', 'tokens={{Total}}'),
        textInput('again'),
      ]),
    ],
    variables,
  });
}

function chatCompletion(type: string, options: Json): Json {
  return {
    id: 'ai',
    type,
    options: {
      action: 'Create chat completion',
      credentialsId,
      model: 'gpt-test',
      messages: [
        { id: 'm1', role: 'system', content: 'Be brief.' },
        { id: 'm2', role: 'user', content: '{{Question}}' },
      ],
      responseMapping: [
        { id: 'r1', item: 'Message content', variableId: 'v-answer' },
        { id: 'r2', item: 'Total tokens', variableId: 'v-total' },
      ],
      ...options,
    },
  };
}

/** Ask Model (Responses API) with the question; the response id in History, the answer in Answer. */
function askModel(): Json {
  return {
    id: 'ai',
    type: 'openai',
    options: {
      action: 'Ask Model',
      credentialsId,
      model: 'gpt-test',
      message: '{{Question}}',
      responseIdVariableId: 'v-history',
      responseMapping: [{ id: 'r', variableId: 'v-answer' }],
    },
  };
}

async function ask(
  definition: Json,
  question = 'What is Parley?',
  startBody: Json = {},
): Promise<{ body: Json; sessionId: string; resultId: string }> {
  const { publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId, startBody);
  expect(started.status).toBe(200);
  const answered = await say(server, started.body.sessionId, question);
  expect(answered.status).toBe(200);
  return { body: answered.body, sessionId: started.body.sessionId, resultId: started.body.resultId };
}

describe('forge AI blocks, whole answers', () => {
  test('openai: the request carries the key, model and messages; the answer and token count are mapped', async () => {
    const { body } = await ask(aiBot(chatCompletion('openai', { temperature: 0.2 })));
    expect(texts(body)).toEqual(['Echo: What is Parley?', 'tokens=18']);
    expect(fake.hits).toHaveLength(1);
    expect(fake.hits[0]!.path).toBe('/v1/chat/completions');
    expect(fake.hits[0]!.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(fake.hits[0]!.body).toEqual({
      model: 'gpt-test',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is Parley?' },
      ],
    });
  });

  test.each(['mistral', 'groq', 'together-ai', 'open-router', 'deepseek', 'perplexity'])(
    '%s speaks the OpenAI-compatible API with its own credentials',
    async (type) => {
      const ownCredentials = await createCredentials(server, server.adminWorkspaceId, server.adminToken, type);
      const { body } = await ask(aiBot(chatCompletion(type, { credentialsId: ownCredentials })));
      expect(texts(body)).toEqual(['Echo: What is Parley?', 'tokens=18']);
      expect(fake.hits.map((hit) => hit.path)).toEqual(['/v1/chat/completions']);
    },
  );

  test('anthropic: messages API with the system text apart, a max_tokens default and its own key header', async () => {
    const ownCredentials = await createCredentials(server, server.adminWorkspaceId, server.adminToken, 'anthropic');
    const block = chatCompletion('anthropic', {
      action: 'Create Chat Message',
      credentialsId: ownCredentials,
      systemMessage: 'You are {{Question}} expert.',
      messages: [{ id: 'm1', role: 'user', content: '{{Question}}' }],
    });
    const { body } = await ask(aiBot(block));
    expect(texts(body)).toEqual(['Echo: What is Parley?', 'tokens=8']);
    expect(fake.hits[0]!.path).toBe('/v1/messages');
    expect(fake.hits[0]!.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(fake.hits[0]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(fake.hits[0]!.body).toEqual({
      model: 'gpt-test',
      max_tokens: 1024,
      system: 'You are What is Parley? expert.',
      messages: [{ role: 'user', content: 'What is Parley?' }],
    });
  });

  test('a Dialogue variable alternates user and assistant turns', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          textInput('ask', 'v-question'),
          {
            id: 'append-q',
            type: 'Set variable',
            options: { variableId: 'v-history', type: 'Append value(s)', item: '{{Question}}' },
          },
          chatCompletion('openai', { messages: [{ id: 'd', role: 'Dialogue', dialogueVariableId: 'v-history' }] }),
          textBubble('show', '{{Answer}}'),
          {
            id: 'append-a',
            type: 'Set variable',
            options: { variableId: 'v-history', type: 'Append value(s)', item: '{{Answer}}' },
            outgoingEdgeId: 'loop',
          },
        ]),
      ],
      edges: [{ id: 'loop', from: { blockId: 'append-a' }, to: { groupId: 'g1' } }],
      variables,
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(texts((await say(server, started.body.sessionId, 'Hi')).body)).toEqual(['Echo: Hi']);
    expect(texts((await say(server, started.body.sessionId, 'And you?')).body)).toEqual(['Echo: And you?']);
    expect(fake.hits[1]!.body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Echo: Hi' },
      { role: 'user', content: 'And you?' },
    ]);
  });

  test('Generate variables asks for a JSON object of the variables and sets them by name', async () => {
    const block = {
      id: 'ai',
      type: 'mistral',
      options: {
        action: 'Generate variables',
        credentialsId: await createCredentials(server, server.adminWorkspaceId, server.adminToken, 'mistral'),
        model: 'mistral-test',
        prompt: 'Extract from: {{Question}}',
        variablesToExtract: [
          { id: 'x1', variableId: 'v-answer', type: 'string', isRequired: false },
          { id: 'x2', variableId: 'v-total', type: 'number', description: 'A count' },
        ],
      },
    };
    const { body } = await ask(aiBot(block));
    expect(texts(body)).toEqual(['extracted Answer', 'tokens=42']);
    expect(fake.hits[0]!.body.messages).toEqual([
      {
        role: 'user',
        content:
          'Extract from: What is Parley?\n\nYou should generate a JSON object and provide empty values if the information is not there or if you are unsure.',
      },
    ]);
    expect(fake.hits[0]!.body.response_format.json_schema.schema).toEqual({
      type: 'object',
      properties: {
        Answer: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        Total: { type: 'number', description: 'A count' },
      },
      required: ['Answer', 'Total'],
      additionalProperties: false,
    });
  });

  test('Ask Model continues the conversation through the previous response id', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          textInput('ask', 'v-question'),
          askModel(),
          { ...textBubble('show', '{{Answer}} ({{History}})'), outgoingEdgeId: 'loop' },
        ]),
      ],
      edges: [{ id: 'loop', from: { blockId: 'show' }, to: { groupId: 'g1' } }],
      variables,
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(texts((await say(server, started.body.sessionId, 'One')).body)).toEqual(['Echo: One (resp_1)']);
    expect(texts((await say(server, started.body.sessionId, 'Two')).body)).toEqual(['Echo: Two (resp_2)']);
    const paths = fake.hits.map((hit) => hit.path);
    expect(paths).toEqual(['/v1/responses', '/v1/responses']);
    expect(fake.hits[0]!.body).toEqual({ model: 'gpt-test', input: [{ role: 'user', content: 'One' }] });
    expect(fake.hits[1]!.body).toEqual({
      model: 'gpt-test',
      input: [{ role: 'user', content: 'Two' }],
      previous_response_id: 'resp_1',
    });
  });
});

test('Create transcription downloads the audio through the guard and uploads it as multipart; the text goes to the variable', async () => {
  const block = {
    id: 'ai',
    type: 'openai',
    options: {
      action: 'Create transcription',
      credentialsId,
      url: `${fake.base.replace('/v1', '')}/files/{{Question}}.webm`,
      transcriptionVariableId: 'v-answer',
    },
  };
  const { body } = await ask(aiBot(block), 'clip');
  expect(texts(body)).toEqual(['Transcribed clip.webm (audio/webm, complete) with whisper-1', 'tokens=']);
  expect(fake.hits.map((hit) => hit.path)).toEqual(['/files/clip.webm', '/v1/audio/transcriptions']);
  expect(fake.hits[1]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
});

test('Create speech (forge and legacy): the audio comes back as a data URL an audio bubble plays', async () => {
  const audioOf = (body: Json) =>
    Buffer.from(String(body.messages[0].content.url).replace(/^data:audio\/mpeg;base64,/, ''), 'base64').toString(
      'utf8',
    );
  const after = [{ id: 'play', type: 'audio', content: { url: '{{Answer}}' } }];
  const forge = await ask(
    aiBot(
      {
        id: 'ai',
        type: 'openai',
        options: {
          action: 'Create speech',
          credentialsId,
          input: 'You asked: {{Question}}',
          voice: 'alloy',
          saveUrlInVariableId: 'v-answer',
        },
      },
      after,
    ),
    'hi',
  );
  expect(forge.body.messages[0].content.url).toMatch(/^data:audio\/mpeg;base64,/);
  expect(audioOf(forge.body)).toBe('mp3:tts-1:alloy:You asked: hi');
  const legacy = await ask(
    aiBot(
      {
        id: 'ai',
        type: 'OpenAI',
        options: {
          task: 'Create speech',
          credentialsId,
          model: 'tts-1-hd',
          input: '{{Question}}',
          voice: 'nova',
          saveUrlInVariableId: 'v-answer',
        },
      },
      after,
    ),
    'hello',
  );
  expect(audioOf(legacy.body)).toBe('mp3:tts-1-hd:nova:hello');
  const missing = await ask(
    aiBot({ id: 'ai', type: 'OpenAI', options: { task: 'Create speech', credentialsId, input: 'x' } }, after),
  );
  expect(
    (await server.db.log.findMany({ where: { resultId: missing.resultId } })).map((log) => log.description),
  ).toEqual(['Make sure to enter an input, select a voice and select a variable to save the URL in']);
});

describe('AI blocks that cannot run', () => {
  test('no credentials, unknown credentials, another workspace’s credentials: the reference log, nothing sent', async () => {
    const other = await createUserWithToken(server.db, `other-${Date.now()}@parley.test`);
    const foreign = await createCredentials(server, other.personalWorkspaceId, other.token, 'openai');
    for (const id of [undefined, 'missing-id', foreign]) {
      const { body, resultId } = await ask(aiBot(chatCompletion('openai', { credentialsId: id })));
      expect(texts(body)).toEqual(['', 'tokens=']);
      const logs = await server.db.log.findMany({ where: { resultId } });
      expect(logs.map((log) => [log.status, log.description])).toEqual([
        ['error', 'Could not find credentials for block openai'],
      ]);
    }
    expect(fake.hits).toEqual([]);
  });

  test('no model, no action: the reference messages', async () => {
    const noModel = await ask(
      aiBot(
        chatCompletion('groq', {
          model: '  ',
          credentialsId: await createCredentials(server, server.adminWorkspaceId, server.adminToken, 'groq'),
        }),
      ),
    );
    const noAction = await ask(aiBot(chatCompletion('openai', { action: undefined })));
    const logsOf = async (resultId: string) =>
      (await server.db.log.findMany({ where: { resultId } })).map((log) => log.description);
    expect(await logsOf(noModel.resultId)).toEqual(['No model provided']);
    expect(await logsOf(noAction.resultId)).toEqual(['openai is not configured']);
    expect(fake.hits).toEqual([]);
  });

  test("a provider's refusal is logged with its message and the flow goes on", async () => {
    fake.failNext = { status: 429, body: { error: { message: 'Rate limit reached' } } };
    const { body, resultId } = await ask(aiBot(chatCompletion('openai', {})));
    expect(texts(body)).toEqual(['', 'tokens=']);
    const [log] = await server.db.log.findMany({ where: { resultId } });
    expect(log).toMatchObject({
      status: 'error',
      description: 'Rate limit reached',
      context: 'While generating chat completion',
    });
  });

  test('a base URL on a private address is refused by the outbound guard without an allow-list', async () => {
    const guarded = await startTestServer();
    try {
      const id = await createCredentials(guarded, guarded.adminWorkspaceId, guarded.adminToken, 'openai');
      const { publicId } = await publishDefinition(
        guarded,
        aiBot({
          ...chatCompletion('openai', {}),
          options: { ...chatCompletion('openai', {}).options, credentialsId: id },
        }),
      );
      const started = await startChat(guarded, publicId);
      const answered = await say(guarded, started.body.sessionId, 'Hi');
      expect(texts(answered.body)).toEqual(['', 'tokens=']);
      const [log] = await guarded.db.log.findMany({ where: { resultId: started.body.resultId } });
      expect(log!.description).toBe(
        'Security validation failed: Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
      );
      expect(fake.hits).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('legacy OpenAI block', () => {
  function legacy(options: Json): Json {
    return {
      id: 'ai',
      type: 'OpenAI',
      options: {
        task: 'Create chat completion',
        credentialsId,
        messages: [{ id: 'm1', role: 'user', content: '{{Question}}' }],
        responseMapping: [
          { id: 'r1', valueToExtract: 'Message content', variableId: 'v-answer' },
          { id: 'r2', valueToExtract: 'Total tokens', variableId: 'v-total' },
        ],
        ...options,
      },
    };
  }

  test('default model, answer mapped; no account selected: the legacy message', async () => {
    const { body } = await ask(aiBot(legacy({})));
    expect(texts(body)).toEqual(['Echo: What is Parley?', 'tokens=18']);
    expect(fake.hits[0]!.body).toEqual({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'What is Parley?' }],
    });
    const missing = await ask(aiBot(legacy({ credentialsId: undefined })));
    expect(
      (await server.db.log.findMany({ where: { resultId: missing.resultId } })).map((log) => log.description),
    ).toEqual(['Make sure to select an OpenAI account']);
  });

  test('a 400 trims the first message and tries again; other errors log the status', async () => {
    fake.failNext = { status: 400, body: { error: { message: 'context length exceeded' } } };
    const { body, resultId } = await ask(
      aiBot(
        legacy({
          messages: [
            { id: 'm0', role: 'system', content: 'Long story' },
            { id: 'm1', role: 'user', content: '{{Question}}' },
          ],
        }),
      ),
    );
    expect(texts(body)).toEqual(['Echo: What is Parley?', 'tokens=18']);
    expect(fake.hits.map((hit) => hit.body.messages.length)).toEqual([2, 1]);
    expect((await server.db.log.findMany({ where: { resultId } })).map((log) => [log.status, log.description])).toEqual(
      [['info', 'Max tokens limit reached, automatically trimming first message.']],
    );
    fake.failNext = { status: 500, body: { error: { message: 'boom' } } };
    const failed = await ask(aiBot(legacy({})));
    const [log] = await server.db.log.findMany({ where: { resultId: failed.resultId } });
    expect(log).toMatchObject({ status: 'error', description: 'OpenAI API error - 500' });
  });
});

/** A plain SSE client: the raw body and its `data:` events. */
function postForStream(path: string, body: Json = {}): Promise<{ status: number; type?: string; raw: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${server.url}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        let raw = '';
        response.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], raw }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

function sseData(raw: string): unknown[] {
  return raw
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)));
}

describe('streaming', () => {
  test('forge: stream action, SSE from Parley, data stream from the Typebot alias, the full text sent back skips the streamed bubble', async () => {
    fake.reply = () => 'Parley streams answers word by word.';
    const { body, sessionId } = await ask(aiBot(chatCompletion('openai', {})), 'Stream please', {
      isStreamEnabled: true,
    });
    expect(body).toEqual({
      messages: [],
      clientSideActions: [{ type: 'stream', expectsDedicatedReply: true, stream: true }],
      logs: [],
    });
    expect(fake.hits).toEqual([]);

    const streamed = await postForStream(`/v1/sessions/${sessionId}/streamMessage`);
    expect(streamed.status).toBe(200);
    expect(streamed.type).toBe('text/event-stream; charset=utf-8');
    const events = sseData(streamed.raw) as { text: string }[];
    expect(events).toEqual(['Parley ', 'streams ', 'answers ', 'word ', 'by ', 'word.'].map((text) => ({ text })));
    expect(fake.hits[0]!.body).toMatchObject({ stream: true, model: 'gpt-test' });

    const alias = await postForStream(`/api/v2/sessions/${sessionId}/streamMessage`);
    expect(alias.status).toBe(200);
    expect(alias.raw).toBe('0:"Parley "\n0:"streams "\n0:"answers "\n0:"word "\n0:"by "\n0:"word."\n');

    const after = await say(server, sessionId, events.map((event) => event.text).join(''));
    expect(after.status).toBe(200);
    // The bubble showing {{Answer}} was streamed: not sent again. The next one reads the stored answer.
    expect(texts(after.body)).toEqual(['tokens=']);
    expect(after.body.input.id).toBe('again');
  });

  test('legacy: streamOpenAiChatCompletion carries the messages; the stream uses those the client sends', async () => {
    const block = {
      id: 'ai',
      type: 'OpenAI',
      options: {
        task: 'Create chat completion',
        credentialsId,
        messages: [{ id: 'm1', role: 'user', content: '{{Question}}' }],
        responseMapping: [{ id: 'r', valueToExtract: 'Message content', variableId: 'v-answer' }],
      },
    };
    const { body, sessionId } = await ask(
      aiBot(block, [textBubble('show', '{{Answer}}'), textBubble('again-show', 'Stored: {{Answer}}')]),
      'Legacy?',
      {
        isStreamEnabled: true,
      },
    );
    expect(body.clientSideActions).toEqual([
      {
        type: 'streamOpenAiChatCompletion',
        streamOpenAiChatCompletion: { messages: [{ role: 'user', content: 'Legacy?' }] },
        expectsDedicatedReply: true,
      },
    ]);
    const streamed = await postForStream(`/v1/sessions/${sessionId}/streamMessage`, {
      messages: [{ role: 'user', content: 'Edited by the client' }],
    });
    expect(sseData(streamed.raw)).toEqual([
      { text: 'Echo: ' },
      { text: 'Edited ' },
      { text: 'by ' },
      { text: 'the ' },
      { text: 'client' },
    ]);
    const after = await say(server, sessionId, 'Echo: Edited by the client');
    expect(texts(after.body)).toEqual(['Stored: Echo: Edited by the client', 'tokens=']);
  });

  test('Ask Model streamed: the response id is kept in its variable for the next question', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          textInput('ask', 'v-question'),
          askModel(),
          textBubble('show', '{{Answer}}'),
          { ...textBubble('id', 'id={{History}}'), outgoingEdgeId: 'loop' },
        ]),
      ],
      edges: [{ id: 'loop', from: { blockId: 'id' }, to: { groupId: 'g1' } }],
      variables,
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId, { isStreamEnabled: true });
    const sessionId = started.body.sessionId;
    expect((await say(server, sessionId, 'One')).body.clientSideActions).toEqual([
      { type: 'stream', expectsDedicatedReply: true, stream: true },
    ]);
    expect(sseData((await postForStream(`/v1/sessions/${sessionId}/streamMessage`)).raw)).toEqual([
      { text: 'Echo: ' },
      { text: 'One' },
    ]);
    const [shown] = texts((await say(server, sessionId, 'Echo: One')).body);
    expect(shown).toMatch(/^id=resp_\d+$/);
    await say(server, sessionId, 'Two');
    await postForStream(`/v1/sessions/${sessionId}/streamMessage`);
    expect(fake.hits.map((hit) => hit.body.previous_response_id)).toEqual([undefined, shown!.slice('id='.length)]);
  });

  test('refusals answer the reference statuses and messages', async () => {
    expect(await postForStream('/v1/sessions/nope/streamMessage')).toMatchObject({ status: 404 });
    expect(JSON.parse((await postForStream('/v1/sessions/nope/streamMessage')).raw)).toEqual({
      code: 'NOT_FOUND',
      message: 'Could not find session',
      issues: [],
    });
    expect(JSON.parse((await postForStream('/api/v2/sessions/nope/streamMessage')).raw)).toEqual({
      message: 'Could not find session',
      status: 404,
    });
    // A session waiting on a text input has nothing to stream.
    const { publicId } = await publishDefinition(server, aiBot(chatCompletion('openai', {})));
    const started = await startChat(server, publicId, { isStreamEnabled: true });
    const refused = await postForStream(`/v1/sessions/${started.body.sessionId}/streamMessage`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.raw)).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This block does not have a stream function',
    });
  });

  test("a provider's refusal before the first part is a 500 with its message; no stream without isStreamEnabled", async () => {
    const { sessionId } = await ask(aiBot(chatCompletion('openai', {})), 'x', { isStreamEnabled: true });
    fake.failNext = { status: 401, body: { error: { message: 'Invalid key' } } };
    const refused = await postForStream(`/v1/sessions/${sessionId}/streamMessage`);
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.raw)).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Invalid key' });
    const whole = await ask(aiBot(chatCompletion('openai', {})), 'not streamed');
    expect(texts(whole.body)).toEqual(['Echo: not streamed', 'tokens=18']);
  });
});
