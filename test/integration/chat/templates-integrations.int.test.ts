import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishDefinition, say, startChat, texts } from '../../helpers/chat';
import { FAKE_API_KEY, startFakeAi, type FakeAi } from '../../helpers/fake-ai';
import { request } from '../../helpers/http';
import { smtpInbox, type Inbox } from '../../helpers/smtp-inbox';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { readFixture } from '../../helpers/bot-conversations';

// The integration templates of ../shared/bots converse end to end against
// local stand-ins: the fake AI provider, an SMTP inbox (the server's own SMTP
// settings, for blocks whose credentials are `default`), and a stand-in of
// The Movie Database reached through a variable holding its host. The AI
// templates are wired as their "credentials needed" group tells the builder
// to (the start event to the flow, the workspace's credentials selected).

type Json = Record<string, any>;

let fake: FakeAi;
let inbox: Inbox;
let server: TestServer;
let credentialsId: string;
beforeAll(async () => {
  fake = await startFakeAi();
  inbox = await smtpInbox();
  server = await startTestServer({
    outboundAllow: '127.0.0.1',
    smtp: { host: '127.0.0.1', port: inbox.port, secure: false, from: { email: 'bot@parley.test', name: 'Parley' } },
  });
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: { type: 'openai', name: 'OpenAI', data: { apiKey: FAKE_API_KEY, baseUrl: fake.base } },
  });
  credentialsId = created.body.credentials.id;
});
afterAll(async () => {
  await server.close();
  await inbox.close();
  await fake.close();
});
beforeEach(() => {
  fake.hits.length = 0;
  fake.reply = undefined;
  inbox.messages.length = 0;
});

/** Every AI block of the template uses the workspace's credentials (and a model when it has none). */
function withCredentials(definition: Json): Json {
  for (const group of definition.groups) {
    for (const block of group.blocks) {
      if (block.type === 'openai' || block.type === 'OpenAI')
        block.options = { model: 'gpt-test', ...block.options, credentialsId };
    }
  }
  return definition;
}

/** The start event's edge leads to `groupId`, as the template's instructions say. */
function startAt(definition: Json, groupId: string): Json {
  const start = definition.events.find((event: Json) => event.type === 'start');
  definition.edges.find((edge: Json) => edge.id === start.outgoingEdgeId).to = { groupId };
  return definition;
}

class Chat {
  sessionId = '';
  resultId = '';
  constructor(private readonly publicId: string) {}
  async start(body: Json = {}): Promise<Json> {
    const started = await startChat(server, this.publicId, body);
    expect(started.status).toBe(200);
    this.sessionId = started.body.sessionId;
    this.resultId = started.body.resultId;
    return started.body;
  }
  async say(message: unknown): Promise<Json> {
    const answered = await say(server, this.sessionId, message);
    expect(answered.status).toBe(200);
    return answered.body;
  }
}

async function open(definition: Json): Promise<Chat> {
  const { publicId } = await publishDefinition(server, definition);
  return new Chat(publicId);
}

test('lead-magnet: the bundle e-mail goes out through the server SMTP settings (credentials `default`), then the goal video', async () => {
  const chat = await open(readFixture('lead-magnet.json'));
  expect(texts(await chat.start())).toEqual([
    'Hi there! 👋',
    "Sign up for the newsletter and\u00a0get free access to our exclusive 'Community Bundle'.",
    'This bundle helps you create the best Community possible for your project.',
    "What's your name?",
  ]);
  expect(texts(await chat.say('Ann'))).toEqual(['Ok, Ann. What email would you like to sign up with?']);
  expect(texts(await chat.say('ann@example.com'))).toEqual(["What's your goal with the community?"]);
  const last = await chat.say('Support');
  expect(texts(last)).toEqual([
    'Perfect, your bundle will be emailed to you right away 🚀',
    'Want to offer better support with a community?',
    'Check out this video:',
    '',
  ]);
  expect(last.messages[3]).toMatchObject({ type: 'video', content: { id: 'jp3ggg_42-M', type: 'youtube' } });
  expect(inbox.messages).toHaveLength(1);
  const mail = inbox.messages[0]!;
  expect(mail.to).toMatchObject({ text: 'ann@example.com' });
  expect(mail.from).toMatchObject({ text: '"Parley" <bot@parley.test>' });
  expect(mail.subject).toBe('Here is your community bundle ✨');
  expect(mail.text).toBe(
    'Hey Ann,\n\nHere is a link to download the community bundle:\n\nhttps://typebot.io\n\nI hope it will help you create the right community for your project 🚀\n\nBest,\nTypebot team.\n',
  );
});

test('quick-carb-calculator: the answers reach the model as context, its plan is shown and e-mailed', async () => {
  fake.reply = () => 'About 60 g of carbs per hour: two 30g gels an hour.';
  const chat = await open(
    withCredentials(startAt(readFixture('quick-carb-calculator.json'), 'x2x6f3wzxrtym647g57e4382')),
  );
  expect(texts(await chat.start())).toEqual([
    'Welcome to the Quick Carb Calculator!',
    " I'll help you figure out how much fuel you'll need to perform at your best. Let's get started! 🚴‍♂️🏃",
    'First, what are you fueling for?',
  ]);
  expect(texts(await chat.say('Run 🏃'))).toEqual(['Great! How long will you be doing this activity?']);
  expect(texts(await chat.say('3 hours'))).toEqual(['Understood! Now, how hard will you be going?']);
  expect(texts(await chat.say('5'))).toEqual([
    'To keep a record of your carb calculations and for easy future reference, could you please provide your email address? ',
    'This way, I can send you a personalized summary of your fueling plan. 📧',
  ]);
  const plan = await chat.say('ann@example.com');
  expect(texts(plan)).toEqual([
    'About 60 g of carbs per hour: two 30g gels an hour.',
    "Now that you know how many carbs you'll need, would you like to check out our selection of top-rated carbohydrate gels and other fueling products? 🛒",
  ]);
  expect(fake.hits).toHaveLength(1);
  expect(fake.hits[0]!.body.model).toBe('gpt-4-turbo');
  expect(fake.hits[0]!.body.messages[0].content).toContain(
    '<context>\nI am training for Run 🏃. My time goal is 3 hours. On a scale of 1 to 7, 1 being easy and 7 being intense racing, I would say 5.\n</context>',
  );
  expect(inbox.messages.map((mail) => [mail.to && 'text' in mail.to ? mail.to.text : '', mail.subject])).toEqual([
    ['ann@example.com', 'Your fueling plan'],
  ]);
  expect(inbox.messages[0]!.text).toContain(
    'Here is the estimation:\n\nAbout 60 g of carbs per hour: two 30g gels an hour.\n',
  );
  const redirect = await chat.say('Go shopping');
  expect(redirect.clientSideActions).toEqual([
    { type: 'redirect', redirect: { url: 'https://www.precisionhydration.com/eu/en/products/pf-30-gel/' } },
  ]);
});

test('basic-chat-gpt: the chat history grows turn by turn and every answer is shown', async () => {
  const chat = await open(withCredentials(startAt(readFixture('basic-chat-gpt.json'), 'c5f00f3oclwi1srcz10jjt9u')));
  expect(texts(await chat.start())).toEqual(['Hi there 👋', 'How can I help?']);
  expect(texts(await chat.say('Hello'))).toEqual(['Echo: Hello']);
  expect(texts(await chat.say('Tell me more'))).toEqual(['Echo: Tell me more']);
  expect(fake.hits.map((hit) => hit.body.messages)).toEqual([
    [{ role: 'user', content: 'Hello' }],
    [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Echo: Hello' },
      { role: 'user', content: 'Tell me more' },
    ],
  ]);
});

test('lead-gen-ai: the legacy OpenAI block asks follow-up questions until the dialogue is long enough', async () => {
  const definition = readFixture('lead-gen-ai.json');
  // "Connect the Services group with [AI] Additional Information".
  definition.edges.find((edge: Json) => edge.id === 'wtw2lm86g46ehgvp43fcfks6').to = {
    groupId: 'm4oxxhg9wfv3wc6n8rhzy6ga',
  };
  const chat = await open(withCredentials(definition));
  await chat.start();
  await chat.say('Yes!');
  await chat.say('Acme');
  await chat.say('ceo@acme.com');
  expect(texts(await chat.say('Social Media'))).toEqual(['Echo: Social Media']);
  expect(texts(await chat.say('We need a new site'))).toEqual(['Echo: We need a new site']);
  expect(texts(await chat.say('By June'))).toEqual(['Echo: By June']);
  // Six dialogue entries: the Condition leads to the goodbye.
  expect(texts(await chat.say('Small budget'))).toEqual(['Perfect!', "We'll get back to you at ceo@acme.com"]);
  expect(fake.hits).toHaveLength(3);
  expect(fake.hits[0]!.body.model).toBe('gpt-3.5-turbo');
  // The dialogue starts by the assistant: as in the reference, every later entry reads as the user's.
  expect(fake.hits[2]!.body.messages.slice(5)).toEqual([
    { role: 'assistant', content: 'Echo: Social Media' },
    { role: 'user', content: 'We need a new site' },
    { role: 'user', content: 'Echo: We need a new site' },
    { role: 'user', content: 'By June' },
  ]);
});

test('skin-typology: the transcript of the whole quiz is the model context; the diagnosis is shown, e-mailed, then the shop redirect', async () => {
  fake.reply = () => 'Your typology is AE+.';
  const chat = await open(withCredentials(readFixture('skin-typology.json')));
  let body = await chat.start();
  const asked: string[] = [];
  while (body.input?.type === 'choice input') {
    asked.push(...texts(body));
    body = await chat.say(body.input.items[0].content);
  }
  expect(asked).toHaveLength(15);
  expect(texts(body)).toEqual([
    'To keep a record of your skin diagnostic result, please provide your e-mail address :',
  ]);
  const diagnosis = await chat.say('skin@example.com');
  expect(texts(diagnosis)).toEqual([
    'Your typology is AE+.',
    'Now that you know your skin typology, would you like to check out our selection of top-rated skin-care products? 💆',
  ]);
  const context = fake.hits[0]!.body.messages[0].content as string;
  expect(context).toContain(
    '<context>\nAssistant: "What’s your top skin concern?"\n\nUser: "Pimples"\n\nAssistant: "When do you break out?"',
  );
  expect(context).toContain('User: "skin@example.com"\n</context>');
  expect(inbox.messages).toHaveLength(1);
  expect(inbox.messages[0]!.subject).toBe('Your Personalized Skin Typology Diagnosis');
  expect(inbox.messages[0]!.text).toContain('Here is a detailed recap of your diagnosis:\n\nYour typology is AE+.\n');
  expect((await chat.say('Go shopping')).clientSideActions).toEqual([
    { type: 'redirect', redirect: { url: 'https://global.typology.com/' } },
  ]);
});

/** A stand-in for The Movie Database API: the four endpoints the template calls, checking the API key. */
async function movieDatabase(): Promise<{ base: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://tmdb.test');
    paths.push(`${url.pathname}${url.search}`);
    response.setHeader('content-type', 'application/json');
    if (url.searchParams.get('api_key') !== '2f584d1ffe2b7fb082dd4e05038e9bd7') {
      response.statusCode = 401;
      return response.end(JSON.stringify({ status_message: 'Invalid API key' }));
    }
    const movies = [
      { id: 101, title: 'Airplane!' },
      { id: 102, title: 'Some Like It Hot' },
    ];
    if (url.pathname === '/3/genre/movie/list')
      return response.end(
        JSON.stringify({
          genres: [
            { id: 28, name: 'Action' },
            { id: 35, name: 'Comedy' },
          ],
        }),
      );
    if (url.pathname === '/3/trending/movie/week') return response.end(JSON.stringify({ results: movies }));
    if (url.pathname === '/3/discover/movie')
      return response.end(JSON.stringify({ results: url.searchParams.get('with_genres') === '35' ? movies : [] }));
    if (url.pathname === '/3/movie/102')
      return response.end(
        JSON.stringify({ imdb_id: 'tt0053291', overview: 'Two musicians hide from the mob.', poster_path: '/hot.jpg' }),
      );
    response.statusCode = 404;
    response.end(JSON.stringify({ status_message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('movie-recommendation: the HTTP blocks call the API host held in a variable; lists, mapped ids and the IMDB redirect follow', async () => {
  const tmdb = await movieDatabase();
  try {
    const definition = readFixture('movie-recommendation.json');
    definition.variables.push({ id: 'v-api-host', name: 'API host' });
    for (const group of definition.groups) {
      for (const block of group.blocks) {
        if (block.type === 'Webhook')
          block.options.webhook.url = block.options.webhook.url.replace('https://api.themoviedb.org', '{{API host}}');
      }
    }
    const chat = await open(definition);
    const start = await chat.start({ prefilledVariables: { 'API host': tmdb.base } });
    expect(texts(start)).toEqual([
      'Welcome to our film recommendation bot 👋',
      '',
      'It is powered by The Movie DB API 🚀',
      '',
      'How can I we help?',
    ]);
    const genres = await chat.say('Select a genre 💅');
    expect(texts(genres)).toEqual(['Sure!', 'Select your desired genre 👇']);
    expect(genres.input.items.map((item: Json) => item.content)).toEqual(['Action', 'Comedy']);
    const movies = await chat.say('Comedy');
    expect(texts(movies)).toEqual(['Here are trending movies for the Comedy genre']);
    expect(movies.input.items.map((item: Json) => item.content)).toEqual(['Airplane!', 'Some Like It Hot']);
    const details = await chat.say('Some Like It Hot');
    expect(texts(details)).toEqual(['Excellent choice 🔥', '', 'Two musicians hide from the mob.']);
    expect(details.messages[1]).toMatchObject({
      type: 'image',
      content: { url: 'https://image.tmdb.org/t/p/w185/hot.jpg' },
    });
    expect((await chat.say('Watch the movie')).clientSideActions).toEqual([
      { type: 'redirect', redirect: { url: 'https://m.imdb.com/title/tt0053291' } },
    ]);
    expect(tmdb.paths).toEqual([
      '/3/genre/movie/list?api_key=2f584d1ffe2b7fb082dd4e05038e9bd7',
      '/3/discover/movie?api_key=2f584d1ffe2b7fb082dd4e05038e9bd7&with_genres=35',
      '/3/movie/102?api_key=2f584d1ffe2b7fb082dd4e05038e9bd7',
    ]);
  } finally {
    await tmdb.close();
  }
});
