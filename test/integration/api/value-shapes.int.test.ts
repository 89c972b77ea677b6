import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Values with a shape (colours, CSS lengths, bounded numbers, the workspace
// icon) over real HTTP: a save that writes one without its shape is a 400
// naming the field in words; a value an import brought stays and is listed
// among the draft's problems, so Typebot exports still load and save.

let server: TestServer;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const created = await request(server.url, 'POST', '/v1/workspaces', {
    token: server.adminToken,
    json: { name: 'Shapes', icon: '🎨' },
  });
  expect(created.status).toBe(200);
  workspaceId = created.body.workspace.id;
});
afterAll(async () => {
  await server?.close();
});

const send = (method: string, path: string, json?: unknown) =>
  request(server.url, method, path, { token: server.adminToken, ...(json === undefined ? {} : { json }) });

const text = (id: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: 'hi' }] }] },
});

/** Three groups; the third asks for a rating with the given options. */
function bot(ratingOptions: Record<string, unknown>, theme: Record<string, unknown> = {}) {
  return {
    version: '6.1',
    name: 'Shapes',
    events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed1', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      { id: 'g1', title: 'One', blocks: [text('b1')] },
      { id: 'g2', title: 'Two', blocks: [text('b2')] },
      { id: 'g3', title: 'Three', blocks: [{ id: 'r1', type: 'rating input', options: ratingOptions }] },
    ],
    edges: [
      { id: 'ed1', from: { eventId: 'e' }, to: { groupId: 'g1' } },
      { id: 'ed2', from: { blockId: 'b1' }, to: { groupId: 'g2' } },
      { id: 'ed3', from: { blockId: 'b2' }, to: { groupId: 'g3' } },
    ],
    variables: [],
    theme,
    settings: {},
  };
}

async function createBot(definition: unknown): Promise<string> {
  const created = await send('POST', '/v1/bots', { workspaceId, bot: definition });
  expect(created.status).toBe(200);
  return created.body.bot.id as string;
}

function expectRefused(
  response: { status: number; body: { code: string; issues: { path?: unknown[]; message: string }[] } },
  path: (string | number)[],
  words: RegExp,
) {
  expect(response.status).toBe(400);
  expect(response.body.code).toBe('BAD_REQUEST');
  expect(response.body.issues).toEqual(
    expect.arrayContaining([{ path: ['bot', ...path], message: expect.stringMatching(words) }]),
  );
}

describe('saving a draft', () => {
  test('a bubble colour that is not a colour is refused, naming the field; the stored theme is unchanged', async () => {
    const botId = await createBot(bot({ length: 5 }, { chat: { hostBubbles: { backgroundColor: '#ffffff' } } }));
    const response = await send('PATCH', `/v1/bots/${botId}`, {
      bot: { theme: { chat: { hostBubbles: { backgroundColor: 'not a colour' } } } },
    });
    expectRefused(response, ['theme', 'chat', 'hostBubbles', 'backgroundColor'], /^Must be a colour such as #2563eb/);
    const stored = await send('GET', `/v1/bots/${botId}`);
    expect(stored.body.bot.theme).toEqual({ chat: { hostBubbles: { backgroundColor: '#ffffff' } } });
  });

  test('a colour as the chat width is refused in words', async () => {
    const botId = await createBot(bot({}));
    const response = await send('PATCH', `/v1/bots/${botId}`, {
      bot: { theme: { chat: { container: { maxWidth: '#2563eb' } } } },
    });
    expectRefused(response, ['theme', 'chat', 'container', 'maxWidth'], /^Must be a CSS length such as 400px/);
  });

  test('a rating maximum of -5 is refused at its block', async () => {
    const botId = await createBot(bot({ length: 5 }));
    const definition = bot({ length: -5 });
    const response = await send('PATCH', `/v1/bots/${botId}`, { bot: { groups: definition.groups } });
    expectRefused(response, ['groups', 2, 'blocks', 0, 'options', 'length'], /^Must be at least 1/);
  });

  test('valid values and {{variable}} mentions are saved', async () => {
    const botId = await createBot(bot({}));
    const response = await send('PATCH', `/v1/bots/${botId}`, {
      bot: {
        groups: bot({ length: '{{Stars}}' }).groups,
        theme: {
          chat: {
            container: { maxWidth: '32rem' },
            hostBubbles: { backgroundColor: '{{Brand}}', color: 'rgb(20 20 20)' },
          },
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.bot.theme.chat.container.maxWidth).toBe('32rem');
  });

  test('an import keeps its wrong values, lists them as problems, and saves other changes', async () => {
    const botId = await createBot(bot({ length: -5 }, { chat: { guestBubbles: { backgroundColor: 'not a colour' } } }));
    const problems = await send('GET', `/v1/bots/${botId}/problems`);
    expect(problems.status).toBe(200);
    expect(problems.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'warning',
          code: 'INVALID_VALUE',
          blockId: 'r1',
          path: ['groups', 2, 'blocks', 0, 'options', 'length'],
          message: 'Maximum rating: Must be at least 1; the chat uses the default instead',
        }),
        expect.objectContaining({
          severity: 'warning',
          code: 'INVALID_VALUE',
          path: ['theme', 'chat', 'guestBubbles', 'backgroundColor'],
          message: expect.stringMatching(/^Theme: visitor bubbles background colour: Must be a colour such as #2563eb/),
        }),
      ]),
    );
    // The same values saved again (an editor saving the whole theme) are not a new write.
    const renamed = await send('PATCH', `/v1/bots/${botId}`, {
      bot: {
        name: 'Renamed',
        theme: { chat: { guestBubbles: { backgroundColor: 'not a colour', color: '#ffffff' } } },
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.bot.name).toBe('Renamed');
  });

  test('a text colour hard to read on its bubble is a theme problem', async () => {
    const botId = await createBot(
      bot({ length: 5 }, { chat: { guestBubbles: { backgroundColor: '#ff5924', color: '#ffffff' } } }),
    );
    const problems = await send('GET', `/v1/bots/${botId}/problems`);
    expect(problems.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'warning',
          code: 'LOW_CONTRAST',
          path: ['theme', 'chat', 'guestBubbles', 'color'],
          message: expect.stringMatching(/^Visitor bubbles: .*contrast 3\.\d:1, below the 4\.5:1/),
        }),
      ]),
    );
  });

  test("a bot without a theme is judged on the chat's default colours of its version (a Typebot export's look)", async () => {
    const lowOnes = async (definition: unknown) => {
      const problems = await send('GET', `/v1/bots/${await createBot(definition)}/problems`);
      expect(problems.status).toBe(200);
      return (problems.body.problems as { code: string; path: string[]; message: string }[])
        .filter((problem) => problem.code === 'LOW_CONTRAST')
        .map(({ path, message }) => ({ path, message }));
    };
    // 6.1: white on #FF5924 in visitor bubbles and buttons; 6: white on #FF8E21 in visitor bubbles; both: the
    // inputs' grey placeholder on white.
    const placeholder = {
      path: ['theme', 'chat', 'inputs', 'placeholderColor'],
      message: expect.stringMatching(/^Input placeholder: text and background contrast 3\.0:1/),
    };
    const lead = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/bots/lead-gen.json'), 'utf8'));
    expect(await lowOnes(lead)).toEqual([
      {
        path: ['theme', 'chat', 'guestBubbles', 'color'],
        message:
          "Visitor bubbles: text and background contrast 3.1:1, below the 4.5:1 that makes text readable for most people (WCAG AA); these are the chat's default colours: set others in the Theme tab",
      },
      {
        path: ['theme', 'chat', 'buttons', 'color'],
        message: expect.stringMatching(
          /^Buttons: text and background contrast 3\.1:1, .*: set others in the Theme tab$/,
        ),
      },
      placeholder,
    ]);
    expect(await lowOnes({ ...bot({ length: 5 }), version: '6' })).toEqual([
      {
        path: ['theme', 'chat', 'guestBubbles', 'color'],
        message: expect.stringMatching(/^Visitor bubbles: .* 2\.\d:1/),
      },
      placeholder,
    ]);
    // Readable colours set over the defaults leave nothing to say.
    expect(
      await lowOnes(
        bot(
          { length: 5 },
          {
            chat: {
              guestBubbles: { backgroundColor: '#c2410c', color: '#ffffff' },
              buttons: { backgroundColor: '#c2410c' },
              inputs: { placeholderColor: '#6b7280' },
            },
          },
        ),
      ),
    ).toEqual([]);
  });
});

describe('workspace icon', () => {
  test('a sentence is refused naming icon; an emoji and an https image are kept', async () => {
    const sentence = await send('PATCH', `/v1/workspaces/${workspaceId}`, { icon: 'our lovely workspace' });
    expect(sentence.status).toBe(400);
    expect(sentence.body).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: ['icon'], message: expect.stringMatching(/^Must be one emoji/) }],
    });
    const created = await send('POST', '/v1/workspaces', { name: 'Other', icon: 'two words' });
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([expect.objectContaining({ path: ['icon'] })]);

    for (const icon of ['👩🏽‍💻', '🇫🇷', 'https://example.com/logo.png']) {
      const saved = await send('PATCH', `/v1/workspaces/${workspaceId}`, { icon });
      expect(saved.status).toBe(200);
      expect(saved.body.workspace.icon).toBe(icon);
    }
    const two = await send('PATCH', `/v1/workspaces/${workspaceId}`, { icon: '🤖🤖' });
    expect(two.status).toBe(400);
  });
});
