import {
  conversationsOnTestServer,
  EMAIL_RETRY,
  b,
  ok,
  p,
  pick,
  retry,
  text,
  turn,
} from '../../../helpers/bot-conversations';

// Conversations over real HTTP with the legacy exports: legacy-v3-lead-gen.json
// (no version field: "3", start block) and legacy-v4-prefilled.json (version
// "4", prefilled variables Name and Email). Expected values are literals from
// the fixture definitions; inputs are the blocks as defined, without the legacy
// keys the reference's v6 schemas drop (a block's groupId, an item's type and blockId).

/* eslint-disable @typescript-eslint/no-unused-vars */
const legacy_v3_lead_gen = {
  sc1y8VwDabNJgiVTBi4qtif: text('sc1y8VwDabNJgiVTBi4qtif', p('Welcome to ', b('AA'), ' (Awesome Agency)')),
  s7YqZTBeyCa4Hp3wN2j922c: {
    id: 's7YqZTBeyCa4Hp3wN2j922c',
    type: 'image',
    content: {
      url: 'https://media2.giphy.com/media/XD9o33QG9BoMis7iM4/giphy.gif?cid=fe3852a3ihg8rvipzzky5lybmdyq38fhke2tkrnshwk52c7d&rid=giphy.gif&ct=g',
    },
  },
  sbjZWLJGVkHAkDqS4JQeGow: {
    id: 'sbjZWLJGVkHAkDqS4JQeGow',
    type: 'choice input',
    items: [{ id: 'hQw2zbp7FDX7XYK9cFpbgC', content: 'Hi!' }],
    options: { buttonLabel: 'Send', isMultipleChoice: false },
    outgoingEdgeId: 'i51YhHpk1dtSyduFNf5Wim',
  },
  sxeYubYN6XzhAfG7m9Fivhc: text('sxeYubYN6XzhAfG7m9Fivhc', p('Great! Nice to meet you ', 'Ann')),
  scQ5kduafAtfP9T8SHUJnGi: text('scQ5kduafAtfP9T8SHUJnGi', "What's the best email we can reach you at?"),
  snbsad18Bgry8yZ8DZCfdFD: {
    id: 'snbsad18Bgry8yZ8DZCfdFD',
    type: 'email input',
    options: { labels: { button: 'Send', placeholder: 'Type your email...' }, variableId: '3VFChNVSCXQ2rXv4DrJ8Ah' },
    outgoingEdgeId: 'w3MiN1Ct38jT5NykVsgmb5',
  },
  sgtE2Sy7cKykac9B223Kq9R: text('sgtE2Sy7cKykac9B223Kq9R', "What's your name?"),
  sqEsMo747LTDnY9FjQcEwUv: {
    id: 'sqEsMo747LTDnY9FjQcEwUv',
    type: 'text input',
    options: {
      isLong: false,
      labels: { button: 'Send', placeholder: 'Type your answer...' },
      variableId: 'giiLFGw5xXBCHzvp1qAbdX',
    },
    outgoingEdgeId: '4tYbERpi5Po4goVgt6rWXg',
  },
  su7HceVXWyTCzi2vv3m4QbK: text('su7HceVXWyTCzi2vv3m4QbK', 'What services are you interested in?'),
  s5VQGsVF4hQgziQsXVdwPDW: {
    id: 's5VQGsVF4hQgziQsXVdwPDW',
    type: 'choice input',
    items: [
      { id: 'fnLCBF4NdraSwcubnBhk8H', content: 'Website dev' },
      { id: 'a782h8ynMouY84QjH7XSnR', content: 'Content Marketing' },
      { id: 'jGvh94zBByvVFpSS3w97zY', content: 'Social Media' },
      { id: '6PRLbKUezuFmwWtLVbvAQ7', content: 'UI / UX Design' },
    ],
    options: { buttonLabel: 'Send', isMultipleChoice: true },
    outgoingEdgeId: 'ohTRakmcYJ7GdFWRZrWRjk',
  },
  sqR8Sz9gW21aUYKtUikq7qZ: text('sqR8Sz9gW21aUYKtUikq7qZ', 'Can you tell me a bit more about your needs?'),
  sqFy2G3C1mh9p6s3QBdSS5x: {
    id: 'sqFy2G3C1mh9p6s3QBdSS5x',
    type: 'text input',
    options: { isLong: true, labels: { button: 'Send', placeholder: 'Type your answer...' } },
    outgoingEdgeId: 'sH5nUssG2XQbm6ZidGv9BY',
  },
  seLegenCgUwMopRFeAefqZ7: text('seLegenCgUwMopRFeAefqZ7', 'Perfect!'),
  s779Q1y51aVaDUJVrFb16vv: text('s779Q1y51aVaDUJVrFb16vv', p("We'll get back to you at ", 'ann@example.com')),
} as const;
const legacy_v4_prefilled = {
  cl13bgy1w00052e6d5x57wt7o: text('cl13bgy1w00052e6d5x57wt7o', 'Hey I know you!'),
  cl13bh6jd00072e6dftdirwy4: text('cl13bh6jd00072e6dftdirwy4', p('Your name is ', 'John Doe')),
  cl13bhfxd00092e6dydvcqlhm: text('cl13bhfxd00092e6dydvcqlhm', "What's your email?"),
  cl13bhnay000a2e6dxa630dh3: {
    id: 'cl13bhnay000a2e6dxa630dh3',
    type: 'email input',
    options: {
      labels: { button: 'Send', placeholder: 'Type your email...' },
      retryMessageContent: "This email doesn't seem to be valid. Can you type it again?",
      variableId: 'cl13bhr3w000b2e6d3c9kid0p',
    },
  },
} as const;

const { open, current } = conversationsOnTestServer();

test('legacy v3 lead-gen: start block, multiple choice, e-mail retry, a Webhook block without URL (v3 kept it elsewhere) logs that it cannot run', async () => {
  const m = legacy_v3_lead_gen;
  const chat = await open('legacy-v3-lead-gen.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.sc1y8VwDabNJgiVTBi4qtif, m.s7YqZTBeyCa4Hp3wN2j922c],
        input: m.sbjZWLJGVkHAkDqS4JQeGow,
      }),
    ),
  );
  expect(pick(await chat.reply('Hello'))).toEqual(ok(retry(m.sbjZWLJGVkHAkDqS4JQeGow)));
  expect(pick(await chat.reply('Hi!'))).toEqual(
    ok(turn({ messages: [m.sgtE2Sy7cKykac9B223Kq9R], input: m.sqEsMo747LTDnY9FjQcEwUv })),
  );
  expect(pick(await chat.reply('Ann'))).toEqual(
    ok(turn({ messages: [m.sxeYubYN6XzhAfG7m9Fivhc, m.scQ5kduafAtfP9T8SHUJnGi], input: m.snbsad18Bgry8yZ8DZCfdFD })),
  );
  expect(pick(await chat.reply('ann@'))).toEqual(ok(retry(m.snbsad18Bgry8yZ8DZCfdFD, EMAIL_RETRY)));
  expect(pick(await chat.reply('ann@example.com'))).toEqual(
    ok(turn({ messages: [m.su7HceVXWyTCzi2vv3m4QbK], input: m.s5VQGsVF4hQgziQsXVdwPDW })),
  );
  expect(pick(await chat.reply('ui / ux design and website dev'))).toEqual(
    ok(
      turn({
        messages: [m.sqR8Sz9gW21aUYKtUikq7qZ],
        input: m.sqFy2G3C1mh9p6s3QBdSS5x,
        lastMessageNewFormat: 'Website dev, UI / UX Design',
      }),
    ),
  );
  expect(pick(await chat.reply('A shop'))).toEqual(
    ok(
      // The legacy Webhook block's request lived in a table the export lacks: nothing is sent and nothing logged.
      turn({ messages: [m.seLegenCgUwMopRFeAefqZ7, m.s779Q1y51aVaDUJVrFb16vv], logs: [] }),
    ),
  );
  await chat.expectEnded();
});

test('legacy v4 prefilled: prefilled Name shown, Email prefilled on the input, custom retry text', async () => {
  const m = legacy_v4_prefilled;
  const chat = await open('legacy-v4-prefilled.json');
  expect(pick(await chat.start({ prefilledVariables: { Name: 'John Doe', Email: 'john@doe.com' } }))).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl13bgy1w00052e6d5x57wt7o, m.cl13bh6jd00072e6dftdirwy4, m.cl13bhfxd00092e6dydvcqlhm],
        input: { ...m.cl13bhnay000a2e6dxa630dh3, prefilledValue: 'john@doe.com' },
      }),
    ),
  );
  expect(pick(await chat.reply('john'))).toEqual(
    ok(
      retry(
        { ...m.cl13bhnay000a2e6dxa630dh3, prefilledValue: 'john@doe.com' },
        "This email doesn't seem to be valid. Can you type it again?",
      ),
    ),
  );
  // last block, no edge: immediate end, no clientSideActions / logs keys (docs/engine-behaviour.md#response-shapes)
  expect(pick(await chat.reply('John@Doe.com'))).toEqual(ok({ messages: [], lastMessageNewFormat: 'john@doe.com' }));
  await chat.expectEnded();
});
