import { conversationsOnTestServer, b, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// Conversations over real HTTP with the AI template fixture bots. Every one of
// them is exported with its start event wired to a "credentials needed" group,
// so imported unchanged they show that group and end; lead-gen-ai first asks
// its questions. Expected values are literals from the fixture definitions.

/* eslint-disable @typescript-eslint/no-unused-vars */
const audio_chat_gpt = {
  ovgk70u0kfxrbtz9dy4e040o: {
    id: 'ovgk70u0kfxrbtz9dy4e040o',
    type: 'text input',
    options: {
      variableId: 'vudksu3zyrat6s1bq6qne0rx3',
      audioClip: { isEnabled: true, saveVariableId: 'vwtuc6cw30xzl9i18usgxbszc', visibility: 'Public' },
    },
  },
  okm2zz32zn8b60u1vkfrv9ca: text(
    'okm2zz32zn8b60u1vkfrv9ca',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  m5a1d0vhsrpyvvvyj89awxzc: text(
    'm5a1d0vhsrpyvvvyj89awxzc',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Intro'), ' 🚀\n'),
  ),
} as const;
const basic_chat_gpt = {
  s6eky7dd3md9hto9y4wsuj7h: text(
    's6eky7dd3md9hto9y4wsuj7h',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  nqsu9f13q5j8tt56bcbuto62: text(
    'nqsu9f13q5j8tt56bcbuto62',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Intro'), ' 🚀'),
  ),
  ovgk70u0kfxrbtz9dy4e040o: {
    id: 'ovgk70u0kfxrbtz9dy4e040o',
    type: 'text input',
    options: { variableId: 'vudksu3zyrat6s1bq6qne0rx3' },
  },
  vzcrfk4vl9gy8igu0ysja5nc: text('vzcrfk4vl9gy8igu0ysja5nc', 'Hi there 👋'),
  gphm5wy1md9cunwkdtbzg6nq: text('gphm5wy1md9cunwkdtbzg6nq', 'How can I help?'),
} as const;
const chat_gpt_personas = {
  s6eky7dd3md9hto9y4wsuj7h: text(
    's6eky7dd3md9hto9y4wsuj7h',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  nqsu9f13q5j8tt56bcbuto62: text(
    'nqsu9f13q5j8tt56bcbuto62',
    p("Once it's done, delete this group and connect the ", b('Start'), ' block with ', b('Intro'), ' 🚀'),
  ),
  jz9mklagfikyukzs7n3kmlcf: {
    id: 'jz9mklagfikyukzs7n3kmlcf',
    type: 'choice input',
    items: [
      { id: 'x18iwzwmbzi9jjpnwij1861i', outgoingEdgeId: 'mxl8lftsj3pbmj4g24ymxajo', content: 'Continue' },
      { id: 'imx7otsonvm0takr02b4ulyo', outgoingEdgeId: 'ny44r5sp69gne7obgshidhph', content: 'Menu' },
    ],
  },
  h3qetbhcpxhawnqoymo0v3hw: {
    id: 'h3qetbhcpxhawnqoymo0v3hw',
    type: 'choice input',
    items: [
      { id: 'zaylo8bstqx0wp6bpdbd1rak', outgoingEdgeId: 'q6o0cbyzxtvgls3jtz7rpdgw', content: 'Continue' },
      { id: 'd5jv3sjpzobsrnhcp055mxkv', outgoingEdgeId: 'xjv7pkpgpwh169448t8pepg4', content: 'Back to menu' },
    ],
  },
  u4jdl0gwv8965o2etxjk12w0: {
    id: 'u4jdl0gwv8965o2etxjk12w0',
    type: 'choice input',
    items: [
      { id: 'b6zif4xxe2cuiddc2oqayaxi', outgoingEdgeId: 'jwydpoxngp2gvwanaruphe6s', content: 'Continue' },
      { id: 'ooib3mqlfkazta6iol1ocloe', outgoingEdgeId: 'gfrpgowch879p1qaj9jzsh01', content: 'Back to menu' },
    ],
  },
  gphm5wy1md9cunwkdtbzg6nq: text('gphm5wy1md9cunwkdtbzg6nq', 'Who would you want to talk to?'),
  ohh19koa7up0nbke3146hnjp: {
    id: 'ohh19koa7up0nbke3146hnjp',
    type: 'choice input',
    items: [
      { id: 'rn0lqz1wvsg9lmc0jcl6ps8j', outgoingEdgeId: 'ry7l8wcaidxw5izm7zoy83kj', content: 'English professor' },
      { id: 'le84cls9vkmrxquvqw8bhp7h', outgoingEdgeId: 'iy2htkuup0l908fsosg6d2qz', content: 'Copywriter' },
      { id: 'mx4kgfgena53mxf87piwu1j2', outgoingEdgeId: 'kmex71jzzzekni4louuy3xbf', content: 'Concept explainer' },
    ],
    options: { variableId: 'vs7wwz29yyd21pfl4syeptdgi' },
  },
  qm3v36qb93ijnghdjgy9mcwf: text('qm3v36qb93ijnghdjgy9mcwf', 'Hi 👋'),
  ln8d3vdq4shclzrxcy9rmxfg: text(
    'ln8d3vdq4shclzrxcy9rmxfg',
    'I can help you translate things and perfect your English.',
  ),
  r7yu488ugfif8hxy3e4sospb: text('r7yu488ugfif8hxy3e4sospb', 'How can I help?'),
  bbeedootn9m8eass0mqu3w4t: text('bbeedootn9m8eass0mqu3w4t', 'Hi 👋'),
  chdghb0k27c4okwu9yky4ox4: text('chdghb0k27c4okwu9yky4ox4', "I'm an expert in copywriting."),
  idp7w8c8zbkvl95oa1vquiml: text('idp7w8c8zbkvl95oa1vquiml', 'How can I help?'),
  n96j3pf3m87aufcapx2ulr2n: text('n96j3pf3m87aufcapx2ulr2n', 'Hi 👋'),
  wxk5z9yyiojkk9u3b5m6shax: text('wxk5z9yyiojkk9u3b5m6shax', 'I can explain concept with very simple terms.'),
  ileqgg2r2kyh2zovpivr775s: text('ileqgg2r2kyh2zovpivr775s', 'What concept would you like me to explain?'),
  ovgk70u0kfxrbtz9dy4e040o: {
    id: 'ovgk70u0kfxrbtz9dy4e040o',
    type: 'text input',
    options: {
      labels: { placeholder: 'Type your answer...', button: 'Send' },
      variableId: 'vevnx5f5bojz0sv648x6ppcmv',
      isLong: true,
    },
  },
  emii43mtihiuy35gpp6b91d8: {
    id: 'emii43mtihiuy35gpp6b91d8',
    type: 'text input',
    options: {
      labels: { placeholder: 'Type your answer...', button: 'Send' },
      variableId: 'vevnx5f5bojz0sv648x6ppcmv',
      isLong: true,
    },
  },
  e6rovxwxlizr54iy8nyi84pi: {
    id: 'e6rovxwxlizr54iy8nyi84pi',
    type: 'text input',
    options: {
      labels: { placeholder: 'Type your answer...', button: 'Send' },
      variableId: 'vevnx5f5bojz0sv648x6ppcmv',
      isLong: false,
    },
  },
} as const;
const lead_gen_ai = {
  sc1y8VwDabNJgiVTBi4qtif: text('sc1y8VwDabNJgiVTBi4qtif', 'Hey 👋'),
  s7YqZTBeyCa4Hp3wN2j922c: {
    id: 's7YqZTBeyCa4Hp3wN2j922c',
    type: 'image',
    content: {
      url: 'https://media0.giphy.com/media/2f7RQiiWMJc40/giphy.gif?cid=fe3852a34jqk83z51tbm8a1jxmqpuckxxwef79p5myafdlw5&rid=giphy.gif&ct=g',
    },
  },
  z5tydv4qcam6xnh1ehm8hask: text('z5tydv4qcam6xnh1ehm8hask', 'Thank you for your interest in our marketing services.'),
  ygo5cubnk50m5jt6ull3bn0i: text('ygo5cubnk50m5jt6ull3bn0i', "Let's have a quick chat about your current situation 🙏"),
  vw9s76hgwu749gw15bqk4vd3: text('vw9s76hgwu749gw15bqk4vd3', 'Ready?'),
  sbjZWLJGVkHAkDqS4JQeGow: {
    id: 'sbjZWLJGVkHAkDqS4JQeGow',
    outgoingEdgeId: 'vgi4r3yjle17balwlhpas25t',
    type: 'choice input',
    items: [{ id: 'hQw2zbp7FDX7XYK9cFpbgC', content: 'Yes!' }],
  },
  scQ5kduafAtfP9T8SHUJnGi: text('scQ5kduafAtfP9T8SHUJnGi', "What's the best email we can reach you at?"),
  snbsad18Bgry8yZ8DZCfdFD: {
    id: 'snbsad18Bgry8yZ8DZCfdFD',
    outgoingEdgeId: 'piew4sf9dpafiweghqvucmax',
    type: 'email input',
    options: { variableId: 'v3VFChNVSCXQ2rXv4DrJ8Ah' },
  },
  sgtE2Sy7cKykac9B223Kq9R: text('sgtE2Sy7cKykac9B223Kq9R', 'What company do you work for?'),
  sqEsMo747LTDnY9FjQcEwUv: {
    id: 'sqEsMo747LTDnY9FjQcEwUv',
    outgoingEdgeId: 'wlzesf38jzeyf65i1aj6j517',
    type: 'text input',
    options: { labels: { placeholder: 'Type your answer...', button: 'Send' }, variableId: 'giiLFGw5xXBCHzvp1qAbdX' },
  },
  su7HceVXWyTCzi2vv3m4QbK: text('su7HceVXWyTCzi2vv3m4QbK', 'What services are you interested in?'),
  s5VQGsVF4hQgziQsXVdwPDW: {
    id: 's5VQGsVF4hQgziQsXVdwPDW',
    outgoingEdgeId: 'wtw2lm86g46ehgvp43fcfks6',
    type: 'choice input',
    items: [
      { id: 'fnLCBF4NdraSwcubnBhk8H', content: 'Website dev' },
      { id: 'a782h8ynMouY84QjH7XSnR', content: 'Content Marketing' },
      { id: 'jGvh94zBByvVFpSS3w97zY', content: 'Social Media' },
      { id: '6PRLbKUezuFmwWtLVbvAQ7', content: 'UI / UX Design' },
    ],
    options: { variableId: 'vi0mmx9o2m4s8z9cccsjcvpj5', isMultipleChoice: true },
  },
  sqFy2G3C1mh9p6s3QBdSS5x: {
    id: 'sqFy2G3C1mh9p6s3QBdSS5x',
    type: 'text input',
    options: {
      labels: { placeholder: 'Type your answer...', button: 'Send' },
      variableId: 'vhp0ymgwq4id82l97g0kliglf',
    },
  },
  seLegenCgUwMopRFeAefqZ7: text('seLegenCgUwMopRFeAefqZ7', 'Perfect!'),
  l7r996nrnqb937nzyrprcvs0: text(
    'l7r996nrnqb937nzyrprcvs0',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  jxrp7xdzmnqnfmzfvid2u4s1: text(
    'jxrp7xdzmnqnfmzfvid2u4s1',
    p(
      "Once it's done, delete this group and connect the ",
      b('Services'),
      ' group with ',
      b('[AI] Additional Information'),
      ' 🚀',
    ),
  ),
} as const;
const openai_assistant_chat = {
  us3drnvz2uw6ws3spubulsqn: {
    id: 'us3drnvz2uw6ws3spubulsqn',
    type: 'text input',
    options: { variableId: 'vamyvpkzwn8v0713jkkcmj91j' },
  },
  y91lk866alizxm5wx93ujcdz: text(
    'y91lk866alizxm5wx93ujcdz',
    'You need to add your OpenAI credentials to make this bot work.',
  ),
  c3fo3cynj459dwjnnamgxdq6: text(
    'c3fo3cynj459dwjnnamgxdq6',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('AI loop'), ''),
  ),
} as const;
const openai_conditions = {
  emjcjxlvzm2xex10exq4wf5h: text('emjcjxlvzm2xex10exq4wf5h', 'How can we help?'),
  ovgk70u0kfxrbtz9dy4e040o: {
    id: 'ovgk70u0kfxrbtz9dy4e040o',
    outgoingEdgeId: 'n396v90ad7quz0gwygr6n5fc',
    type: 'text input',
    options: { variableId: 'vudksu3zyrat6s1bq6qne0rx3' },
  },
  h45t9e5yxc2fpfiv49gvmwjj: text('h45t9e5yxc2fpfiv49gvmwjj', 'Ok feel free to check your account here'),
  fn0s0ezabail96c5n0xs24aq: {
    id: 'fn0s0ezabail96c5n0xs24aq',
    type: 'choice input',
    items: [{ id: 'tslv59v8oqbfpnd21la8qnz4', content: 'Account' }],
  },
  nvkp4zm7f24b0g3b25u3rb59: text('nvkp4zm7f24b0g3b25u3rb59', "I'm a human"),
  tpy9wjrwmhw16xjgs8htao04: text('tpy9wjrwmhw16xjgs8htao04', 'Else'),
  q1tc6z6xfl4jtrxdvv8phgil: text(
    'q1tc6z6xfl4jtrxdvv8phgil',
    'You need to add your OpenAI credentials to make this bot work. 🪄\n',
  ),
  b3ahk7pzsh4abp3bkdlijc0v: text(
    'b3ahk7pzsh4abp3bkdlijc0v',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Intro'), ' 🚀\n'),
  ),
} as const;

const { open, current } = conversationsOnTestServer();

test('audio-chat-gpt: credentials group (bold leaves, trailing newline kept), then the flow ends', async () => {
  const m = audio_chat_gpt;
  const chat = await open('audio-chat-gpt.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.okm2zz32zn8b60u1vkfrv9ca, m.m5a1d0vhsrpyvvvyj89awxzc], withResultId: false })),
  );
  await chat.expectEnded();
});

test('basic-chat-gpt: credentials group then end', async () => {
  const m = basic_chat_gpt;
  const chat = await open('basic-chat-gpt.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.s6eky7dd3md9hto9y4wsuj7h, m.nqsu9f13q5j8tt56bcbuto62], withResultId: false })),
  );
  await chat.expectEnded();
});

test('chat-gpt-personas: credentials group then end', async () => {
  const m = chat_gpt_personas;
  const chat = await open('chat-gpt-personas.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.s6eky7dd3md9hto9y4wsuj7h, m.nqsu9f13q5j8tt56bcbuto62], withResultId: false })),
  );
  await chat.expectEnded();
});

test('openai-assistant-chat: credentials group whose edge does not exist ends the flow', async () => {
  const m = openai_assistant_chat;
  const chat = await open('openai-assistant-chat.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.y91lk866alizxm5wx93ujcdz, m.c3fo3cynj459dwjnnamgxdq6], withResultId: false })),
  );
  await chat.expectEnded();
});

test('openai-conditions: credentials group then end', async () => {
  const m = openai_conditions;
  const chat = await open('openai-conditions.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.q1tc6z6xfl4jtrxdvv8phgil, m.b3ahk7pzsh4abp3bkdlijc0v], withResultId: false })),
  );
  await chat.expectEnded();
});

test('lead-gen-ai: questions, invalid e-mail and multiple choice, then the credentials group ends the flow', async () => {
  const m = lead_gen_ai;
  const chat = await open('lead-gen-ai.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.sc1y8VwDabNJgiVTBi4qtif,
          m.s7YqZTBeyCa4Hp3wN2j922c,
          m.z5tydv4qcam6xnh1ehm8hask,
          m.ygo5cubnk50m5jt6ull3bn0i,
          m.vw9s76hgwu749gw15bqk4vd3,
        ],
        input: m.sbjZWLJGVkHAkDqS4JQeGow,
      }),
    ),
  );
  expect(pick(await chat.reply('No'))).toEqual(ok(retry(m.sbjZWLJGVkHAkDqS4JQeGow)));
  expect(
    pick(await chat.reply({ type: 'text', text: 'whatever', metadata: { replyId: 'hQw2zbp7FDX7XYK9cFpbgC' } })),
  ).toEqual(
    ok(turn({ messages: [m.sgtE2Sy7cKykac9B223Kq9R], input: m.sqEsMo747LTDnY9FjQcEwUv, lastMessageNewFormat: 'Yes!' })),
  );
  expect(pick(await chat.reply('Acme'))).toEqual(
    ok(turn({ messages: [m.scQ5kduafAtfP9T8SHUJnGi], input: m.snbsad18Bgry8yZ8DZCfdFD })),
  );
  expect(pick(await chat.reply('not an email'))).toEqual(
    ok(retry(m.snbsad18Bgry8yZ8DZCfdFD, "This email doesn't seem to be valid. Can you type it again?")),
  );
  expect(pick(await chat.reply('ceo@acme.com'))).toEqual(
    ok(turn({ messages: [m.su7HceVXWyTCzi2vv3m4QbK], input: m.s5VQGsVF4hQgziQsXVdwPDW })),
  );
  expect(pick(await chat.reply('nothing'))).toEqual(ok(retry(m.s5VQGsVF4hQgziQsXVdwPDW)));
  // multiple choice: 1-based positions and content, normalised in item order
  expect(pick(await chat.reply('social media, 1'))).toEqual(
    ok(
      turn({
        messages: [m.l7r996nrnqb937nzyrprcvs0, m.jxrp7xdzmnqnfmzfvid2u4s1],
        lastMessageNewFormat: 'Website dev, Social Media',
      }),
    ),
  );
  await chat.expectEnded();
});
