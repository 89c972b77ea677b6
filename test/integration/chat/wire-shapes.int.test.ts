import {
  continueChat,
  edge,
  emailInput,
  group,
  publishDefinition,
  say,
  setVariable,
  startChat,
  textBubble,
  textInput,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Response shapes as the reference runtime sends them, byte for byte: the
// definition's own settings and theme, avatars rendered with the values from
// before the start turn, no v5 leftovers in inputs, no defaults added.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const avatarBot = (progress = false) =>
  v6Bot({
    groups: [
      group('g1', [setVariable('set', 'v-avatar', '"after.png"', { isCode: true }), emailInput('mail', 'v-mail')]),
    ],
    variables: [
      { id: 'v-avatar', name: 'Avatar URL' },
      { id: 'v-mail', name: 'Mail' },
    ],
    settings: { general: { isInputPrefillEnabled: true } },
    theme: {
      chat: { hostAvatar: { isEnabled: true, url: '{{Avatar URL}}' } },
      ...(progress ? { general: { progressBar: { isEnabled: true } } } : {}),
    },
  });

describe('bot object of a start', () => {
  test('settings and theme are the definition own values; avatars use the values from before the turn, dynamicTheme those after it', async () => {
    const { publicId, publishedAt } = await publishDefinition(server, avatarBot());
    const prefilled = await startChat(server, publicId, { prefilledVariables: { 'Avatar URL': 'before.png' } });
    expect(prefilled.status).toBe(200);
    expect(prefilled.body.bot).toEqual({
      id: expect.any(String),
      version: '6',
      settings: { general: { isInputPrefillEnabled: true } },
      theme: { chat: { hostAvatar: { isEnabled: true, url: 'before.png' } } },
      publishedAt,
    });
    expect(prefilled.body.dynamicTheme).toEqual({ hostAvatarUrl: 'after.png' });

    const unset = await startChat(server, publicId);
    expect(unset.body.bot.theme).toEqual({ chat: { hostAvatar: { isEnabled: true, url: '' } } });
    expect(unset.body.dynamicTheme).toEqual({ hostAvatarUrl: 'after.png' });
  });

  test('settings keep general (keys the reference knows) and typingEmulation only: never metadata nor general.isResultSavingEnabled, previews too', async () => {
    const definition = v6Bot({
      groups: [group('g1', [textBubble('b1', 'Hi'), textInput('i1')])],
      settings: {
        general: {
          isBrandingEnabled: false,
          isResultSavingEnabled: false,
          rememberUser: { isEnabled: true, storage: 'session' },
        },
        typingEmulation: { enabled: true, speed: 400, maxDelay: 3 },
        metadata: { title: 'My bot', description: 'About it', customHeadCode: '<script></script>' },
        security: { allowedOrigins: [] },
        publicShare: { isEnabled: true },
      },
    });
    const expected = {
      general: { isBrandingEnabled: false, rememberUser: { isEnabled: true, storage: 'session' } },
      typingEmulation: { enabled: true, speed: 400, maxDelay: 3 },
    };
    const { botId, publicId } = await publishDefinition(server, definition);
    expect((await startChat(server, publicId)).body.bot.settings).toEqual(expected);
    const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
      token: server.adminToken,
      json: {},
    });
    expect(preview.body.bot.settings).toEqual(expected);
    const anonymous = await request(server.url, 'POST', `/v1/bots/any/preview/startChat`, {
      json: { bot: definition },
    });
    expect(anonymous.body.bot.settings).toEqual(expected);
  });

  test('a retry answer carries the dynamic theme and the progress', async () => {
    const { publicId } = await publishDefinition(server, avatarBot(true));
    const started = await startChat(server, publicId);
    expect(started.body.progress).toBe(50);
    const retry = await say(server, started.body.sessionId, 'not an e-mail');
    expect(retry.status).toBe(200);
    expect(Object.keys(retry.body).sort()).toEqual(['dynamicTheme', 'input', 'messages', 'progress']);
    expect(retry.body.dynamicTheme).toEqual({ hostAvatarUrl: 'after.png' });
    expect(retry.body.progress).toBe(50);
  });

  test('isOnlyRegistering: no publishedAt, and the first continue carries no progress', async () => {
    const definition = v6Bot({
      groups: [group('g1', [textInput('q1', 'va'), textInput('q2', 'vb')])],
      variables: [
        { id: 'va', name: 'A' },
        { id: 'vb', name: 'B' },
      ],
      theme: { general: { progressBar: { isEnabled: true } } },
    });
    const { publicId } = await publishDefinition(server, definition);
    const registered = await startChat(server, publicId, { isOnlyRegistering: true });
    expect(registered.status).toBe(200);
    expect(registered.body.bot).toEqual({
      id: expect.any(String),
      version: '6',
      settings: {},
      theme: { general: { progressBar: { isEnabled: true } } },
    });
    const first = await continueChat(server, registered.body.sessionId, { message: 'hello' });
    expect(first.status).toBe(200);
    expect(first.body.input.id).toBe('q2');
    expect(first.body).not.toHaveProperty('progress');
  });
});

describe('inputs', () => {
  test('a v5 choice input: no groupId, items without blockId and type', async () => {
    const definition = {
      version: '5',
      groups: [
        {
          id: 'g0',
          title: 'Start',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: 'start', type: 'start', groupId: 'g0', label: 'Start', outgoingEdgeId: 'e0' }],
        },
        {
          id: 'g1',
          title: 'Q',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: 'choice',
              type: 'choice input',
              groupId: 'g1',
              items: [
                { id: 'i1', type: 0, blockId: 'choice', content: 'Yes' },
                { id: 'i2', type: 0, blockId: 'choice', content: 'No' },
              ],
              options: { buttonLabel: 'Send', isMultipleChoice: false },
            },
          ],
        },
      ],
      edges: [{ id: 'e0', from: { blockId: 'start', groupId: 'g0' }, to: { groupId: 'g1' } }],
      variables: [],
      theme: {},
      settings: {},
    };
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.body.input).toEqual({
      id: 'choice',
      type: 'choice input',
      items: [
        { id: 'i1', content: 'Yes' },
        { id: 'i2', content: 'No' },
      ],
      options: { buttonLabel: 'Send', isMultipleChoice: false },
    });
  });

  test('picture choice items carry no blockId; dynamic buttons neither', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          {
            id: 'pic',
            type: 'picture choice input',
            groupId: 'g1',
            items: [{ id: 'p1', blockId: 'pic', type: 0, pictureSrc: 'a.png', title: 'A' }],
            outgoingEdgeId: 'e2',
          },
        ]),
        group('g2', [
          {
            id: 'dyn',
            type: 'choice input',
            items: [{ id: 'x', content: 'x' }],
            options: { dynamicVariableId: 'v-list' },
          },
        ]),
      ],
      edges: [edge('e2', 'g2', { blockId: 'pic' })],
      variables: [{ id: 'v-list', name: 'List', value: ['one', 'two'] }],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.body.input).toEqual({
      id: 'pic',
      type: 'picture choice input',
      items: [{ id: 'p1', pictureSrc: 'a.png', title: 'A' }],
      outgoingEdgeId: 'e2',
    });
    const next = await say(server, started.body.sessionId, 'A');
    expect(next.body.input).toEqual({
      id: 'dyn',
      type: 'choice input',
      items: [
        { id: 'choice0', content: 'one' },
        { id: 'choice1', content: 'two' },
      ],
      options: { dynamicVariableId: 'v-list' },
    });
  });

  test('cards keep an empty options object; saveResponseMapping entries come back as stored', async () => {
    const mapping = [{ field: 'Title', variableId: 'v-title' }];
    const definition = v6Bot({
      groups: [
        group('g1', [
          {
            id: 'cards',
            type: 'cards',
            items: [{ id: 'c1', title: 'First', options: {}, paths: [{ id: 'p1', text: 'Pick' }] }],
            options: { saveResponseMapping: mapping },
          },
        ]),
      ],
      variables: [{ id: 'v-title', name: 'Title' }],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.body.input).toEqual({
      id: 'cards',
      type: 'cards',
      items: [{ id: 'c1', title: 'First', options: {}, paths: [{ id: 'p1', text: 'Pick' }] }],
      options: { saveResponseMapping: mapping },
    });
  });
});

describe('cards generated from list variables', () => {
  test('each generated card carries options {} and only the list fields; mapping entries carry no id (static cards neither)', async () => {
    const mapping = [
      { id: 'm1', field: 'Title', variableId: 'v-picked' },
      { id: 'm2', field: 'Button', variableId: 'v-button' },
    ];
    const dynamic = v6Bot({
      groups: [
        group('g1', [
          setVariable('s1', 'v-titles', '["Red", "Blue"]', { isCode: true }),
          {
            id: 'cards',
            type: 'cards',
            items: [{ id: 'c1', title: '{{Titles}}', description: 'static text', paths: [{ id: 'p1', text: 'Pick' }] }],
            options: { saveResponseMapping: mapping },
          },
        ]),
      ],
      variables: [
        { id: 'v-titles', name: 'Titles' },
        { id: 'v-picked', name: 'Picked' },
        { id: 'v-button', name: 'Button' },
      ],
    });
    const { publicId } = await publishDefinition(server, dynamic);
    const started = await startChat(server, publicId);
    expect(started.body.input).toEqual({
      id: 'cards',
      type: 'cards',
      items: [
        { id: 'c1', title: 'Red', options: {}, paths: [{ id: 'dynamic-card-0-path-0', text: 'Pick' }] },
        { id: 'c1', title: 'Blue', options: {}, paths: [{ id: 'dynamic-card-1-path-0', text: 'Pick' }] },
      ],
      options: {
        saveResponseMapping: [
          { field: 'Title', variableId: 'v-picked' },
          { field: 'Button', variableId: 'v-button' },
        ],
      },
    });

    const staticCards = v6Bot({
      groups: [
        group('g1', [
          {
            id: 'cards',
            type: 'cards',
            items: [{ id: 'c1', title: 'One', options: {}, paths: [{ id: 'p1', text: 'Go' }] }],
            options: { saveResponseMapping: mapping },
          },
        ]),
      ],
      variables: [
        { id: 'v-picked', name: 'Picked' },
        { id: 'v-button', name: 'Button' },
      ],
    });
    const staticStart = await startChat(server, (await publishDefinition(server, staticCards)).publicId);
    expect(staticStart.body.input.options).toEqual({
      saveResponseMapping: [
        { field: 'Title', variableId: 'v-picked' },
        { field: 'Button', variableId: 'v-button' },
      ],
    });
  });
});

describe('bubbles and actions', () => {
  test('a video without height gets none; a redirect carries isNewTab only when the definition sets it', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [
          { id: 'vid', type: 'video', content: { url: 'https://example.com/movie.mp4' } },
          { id: 'r1', type: 'Redirect', options: { url: 'example.com/a' } },
          { id: 'r2', type: 'Redirect', options: { url: 'https://example.com/b', isNewTab: true } },
          textBubble('bye', 'Bye'),
          textInput('q'),
        ]),
      ],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.body.messages[0]).toEqual({
      id: 'vid',
      type: 'video',
      content: { url: 'https://example.com/movie.mp4', type: 'url' },
    });
    expect(started.body.clientSideActions).toEqual([
      { type: 'redirect', redirect: { url: 'https://example.com/a' }, lastBubbleBlockId: 'vid' },
      { type: 'redirect', redirect: { url: 'https://example.com/b', isNewTab: true }, lastBubbleBlockId: 'vid' },
    ]);
  });
});

describe('errors thrown by bot-author code', () => {
  test('are described as the reference does: "[undefined] " and V8\'s wording', async () => {
    const code = (id: string, content: string) => ({
      id,
      type: 'Code',
      options: { content, isExecutedOnClient: false },
    });
    const definition = v6Bot({
      groups: [
        group('g1', [
          code('c1', 'return KatIA'),
          code('c2', 'const a = undefined; return a.y'),
          code('c3', 'const n = null; n.y = 1'),
          code('c4', 'throw new Error("boom")'),
          code('c5', 'throw "just text"'),
          setVariable('s1', 'v1', 'return Missing', { isCode: true }),
          textInput('i1'),
        ]),
      ],
      variables: [{ id: 'v1', name: 'V' }],
    });
    const { publicId } = await publishDefinition(server, definition);
    const started = await startChat(server, publicId);
    expect(started.body.logs).toEqual([
      { context: 'While executing function', description: '[undefined] KatIA is not defined' },
      {
        context: 'While executing function',
        description: "[undefined] Cannot read properties of undefined (reading 'y')",
      },
      { context: 'While executing function', description: "[undefined] Cannot set properties of null (setting 'y')" },
      { context: 'While executing function', description: '[undefined] boom' },
      { context: 'While executing function', description: 'just text' },
      // Set variable wraps it once more (the reference's executor does): JSON in the description.
      {
        context: 'While evaluating set variable expression',
        description: JSON.stringify({
          context: 'While executing function',
          description: '[undefined] Missing is not defined',
        }),
      },
    ]);
  });
});
