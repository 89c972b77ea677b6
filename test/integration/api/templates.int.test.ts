import { createBot, publishBot, say, startChat, texts } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { TEMPLATES, type BotTemplate } from '../../../src/engine/shapes/templates';

// The console's starter templates, created and published as the gallery does
// (the same definitions through POST /v1/bots), then talked to along their
// paths: every template must publish, and every path must reach its end.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function template(id: string): BotTemplate {
  const found = TEMPLATES.find((each) => each.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found;
}

const published = new Map<string, Promise<string>>();

/** The template's public id, created and published once per test file. */
function publicIdOf(id: string): Promise<string> {
  if (!published.has(id)) {
    published.set(
      id,
      (async () => {
        const { botId } = await createBot(server, template(id).definition as unknown as Record<string, unknown>);
        return (await publishBot(server, botId)).publicId;
      })(),
    );
  }
  return published.get(id)!;
}

/** A chat on the template: its first answer, and `answer` to go on (each reply checked for a 200). */
async function chatWith(id: string) {
  const started = await startChat(server, await publicIdOf(id));
  expect(started.status).toBe(200);
  const sessionId: string = started.body.sessionId;
  return {
    started: started.body,
    async answer(message: string) {
      const reply = await say(server, sessionId, message);
      expect(reply.status).toBe(200);
      return reply.body;
    },
  };
}

const choices = (body: { input?: { items?: { content: string }[] } }) => body.input?.items?.map((item) => item.content);

test('the gallery offers five templates, each with a name, a one-line description and ids of its own', () => {
  expect(TEMPLATES.map((each) => each.name)).toEqual([
    'Lead capture',
    'FAQ with buttons',
    'NPS survey',
    'Quiz with score',
    'AI assistant',
  ]);
  for (const { definition, description } of TEMPLATES) {
    expect(description).not.toMatch(/\n/);
    expect(definition.version).toBe('6.1');
    const ids = [
      ...definition.events.map((event) => event.id),
      ...definition.groups.flatMap((group) => [
        group.id,
        ...group.blocks.flatMap((block) => [block.id, ...('items' in block ? block.items.map((item) => item.id) : [])]),
      ]),
      ...definition.edges.map((edge) => edge.id),
      ...definition.variables.map((variable) => variable.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    // Code sees a variable under its id: one that is not an identifier breaks `{{Score}} + 1`.
    for (const variable of definition.variables) expect(variable.id).toMatch(/^[A-Za-z_$][\w$]*$/);
    // Read left to right: no group sits left of the start event.
    expect(Math.min(...definition.groups.map((group) => group.graphCoordinates.x))).toBeGreaterThan(
      definition.events[0].graphCoordinates.x,
    );
  }
});

test.each(TEMPLATES.map((each) => [each.name, each.id]))(
  '%s is created with its name and publishes',
  async (name, id) => {
    const { botId } = await createBot(server, template(id).definition as unknown as Record<string, unknown>);
    const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
    expect(bot.name).toBe(name);
    await expect(publishBot(server, botId)).resolves.toMatchObject({ publishedAt: expect.any(String) });
  },
);

test('Lead capture: name, e-mail, a choice of two paths, thank-you', async () => {
  const chat = await chatWith('lead-capture');
  expect(texts(chat.started)).toEqual(['Hi there 👋 Thanks for stopping by!', "Before we start, what's your name?"]);
  expect(chat.started.input).toMatchObject({ type: 'text input' });

  const afterName = await chat.answer('Grace');
  expect(texts(afterName)).toEqual(['Nice to meet you, Grace! Which e-mail address should we use to reach you?']);
  expect(afterName.input).toMatchObject({ type: 'email input' });

  const refused = await chat.answer('not an address');
  expect(refused.input).toMatchObject({ type: 'email input' });

  const afterEmail = await chat.answer('grace@example.com');
  expect(texts(afterEmail)).toEqual(['And what brings you here today?']);
  expect(choices(afterEmail)).toEqual(['Book a demo', 'Just looking around']);

  const end = await chat.answer('Book a demo');
  expect(texts(end)).toEqual([
    'Great choice! Someone from our team will write to grace@example.com within one business day to find a time.',
    'Thank you, Grace! Talk soon 🙌',
  ]);
  expect(end.input).toBeUndefined();
});

test('Lead capture: the other choice leads to its own group, then the same thank-you', async () => {
  const chat = await chatWith('lead-capture');
  await chat.answer('Alan');
  await chat.answer('alan@example.com');
  const end = await chat.answer('Just looking around');
  expect(texts(end)).toEqual([
    "No problem! We'll send a short getting-started guide to alan@example.com. No spam, promise.",
    'Thank you, Alan! Talk soon 🙌',
  ]);
});

test('FAQ: a menu of four questions; an answer leads back to the menu or to "anything else?"', async () => {
  const chat = await chatWith('faq');
  expect(texts(chat.started)).toEqual([
    "Hello! 👋 I can answer the questions we're asked most often.",
    'What would you like to know?',
  ]);
  const menu = [
    'When are you open?',
    'How long does delivery take?',
    'Can I return an item?',
    'Can I talk to a person?',
  ];
  expect(choices(chat.started)).toEqual(menu);

  const hours = await chat.answer('When are you open?');
  expect(texts(hours)).toEqual([
    "We're open Monday to Friday, 9:00 to 18:00, and Saturday mornings from 10:00 to 13:00.",
  ]);
  expect(choices(hours)).toEqual(['Another question', "That's all"]);

  const back = await chat.answer('Another question');
  expect(texts(back)).toEqual(['What would you like to know?']);
  expect(choices(back)).toEqual(menu);

  const person = await chat.answer('Can I talk to a person?');
  expect(texts(person)).toEqual([
    'Of course! Write to support@example.com and a real human will answer within one working day.',
  ]);

  const more = await chat.answer("That's all");
  expect(texts(more)).toEqual(['Is there anything else I can help you with?']);
  expect(choices(more)).toEqual(['Yes, please', "No, I'm all set"]);

  const end = await chat.answer("No, I'm all set");
  expect(texts(end)).toEqual(['Glad I could help. Have a lovely day! ☀️']);
  expect(end.input).toBeUndefined();
});

describe('NPS survey', () => {
  test('asks for a 0–10 rating', async () => {
    const chat = await chatWith('nps');
    expect(texts(chat.started)).toEqual([
      "Hi! Could you spare 30 seconds? We'd love your feedback.",
      'How likely are you to recommend us to a friend or colleague?',
    ]);
    expect(chat.started.input).toMatchObject({ type: 'rating input', options: { length: 10, startsAt: 0 } });
  });

  test.each(['9', '10'])('%s is a promoter: thanked, no question', async (score) => {
    const chat = await chatWith('nps');
    const end = await chat.answer(score);
    expect(texts(end)).toEqual([
      "That's wonderful to hear, thank you! 🎉",
      'Thanks for your feedback: it helps us get better every week. 💙',
    ]);
    expect(end.input).toBeUndefined();
  });

  test.each(['0', '6'])(
    '%s is a detractor: asked why, then thanked; Score, Category and Reason are in the result',
    async (score) => {
      const chat = await chatWith('nps');
      const why = await chat.answer(score);
      expect(texts(why)).toEqual(["We're sorry we let you down. What's the main reason for your score?"]);
      expect(why.input).toMatchObject({ type: 'text input' });
      const end = await chat.answer('Delivery was late');
      expect(texts(end)).toEqual(['Thanks for your feedback: it helps us get better every week. 💙']);

      const botId = (await server.db.bot.findFirstOrThrow({ where: { publicId: await publicIdOf('nps') } })).id;
      const results = await server.db.result.findMany({ where: { botId }, orderBy: { createdAt: 'desc' }, take: 1 });
      const variables = JSON.stringify(results[0]!.variables);
      for (const expected of [`"${score}"`, '"Detractor"', '"Delivery was late"'])
        expect(variables).toContain(expected);
    },
  );

  test('7 is passive: asked what would make a 10', async () => {
    const chat = await chatWith('nps');
    const ask = await chat.answer('7');
    expect(texts(ask)).toEqual(['Thanks! What would it take for us to earn a 10?']);
    const end = await chat.answer('Faster replies');
    expect(texts(end)).toEqual(['Thanks for your feedback: it helps us get better every week. 💙']);
  });
});

test('Quiz: three questions, a point per right answer, the score at the end', async () => {
  const chat = await chatWith('quiz');
  expect(texts(chat.started)).toEqual([
    'Ready for a quick quiz? 🧠 Three questions, one point for each right answer.',
    '1/3. Which planet is closest to the Sun?',
  ]);
  expect(choices(chat.started)).toEqual(['Venus', 'Mercury', 'Mars']);

  const second = await chat.answer('Mercury');
  expect(texts(second)).toEqual(['Correct! ✅', '2/3. How many legs does a spider have?']);

  const third = await chat.answer('Six');
  expect(texts(third)).toEqual(['3/3. At sea level, water boils at…']);

  const end = await chat.answer('100 °C');
  expect(texts(end)).toEqual(['Correct! ✅', 'You scored 2 out of 3. Thanks for playing! 🎉']);
  expect(end.input).toBeUndefined();
});

test('Quiz: all right answers make 3 out of 3', async () => {
  const chat = await chatWith('quiz');
  await chat.answer('Mercury');
  await chat.answer('Eight');
  const end = await chat.answer('100 °C');
  expect(texts(end).at(-1)).toBe('You scored 3 out of 3. Thanks for playing! 🎉');
});

test('AI assistant: greets and asks; without credentials the answer fails gracefully and the next question is asked', async () => {
  const chat = await chatWith('ai-assistant');
  expect(texts(chat.started)).toEqual(["Hi! I'm an AI assistant ✨", 'Ask me anything and I’ll do my best to help.']);
  expect(chat.started.input).toMatchObject({ id: 'ai-question', type: 'text input' });

  const reply = await chat.answer('What can you do?');
  expect(reply.logs).toEqual([{ status: 'error', description: 'Could not find credentials for block openai' }]);
  expect(reply.input).toMatchObject({ id: 'ai-question', type: 'text input' });
  // The question was cleared once in the history: the next one starts blank.
  expect(reply.input.prefilledValue).toBeUndefined();
});

test("AI assistant in the console's Test, without an account: the builder is told what is missing; visitors never are", async () => {
  const notice =
    'Connect an OpenAI account in Settings → Credentials and select it in this block for it to answer. (Only this test shows this note.)';
  const { botId } = await createBot(server, template('ai-assistant').definition as unknown as Record<string, unknown>);
  const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
    token: server.adminToken,
    json: {},
  });
  expect(preview.status).toBe(200);
  const tested = await say(server, preview.body.sessionId, 'What can you do?');
  expect(tested.status).toBe(200);
  expect(texts(tested.body)).toContain(notice);

  const live = await chatWith('ai-assistant');
  expect(texts(await live.answer('What can you do?'))).not.toContain(notice);
});
