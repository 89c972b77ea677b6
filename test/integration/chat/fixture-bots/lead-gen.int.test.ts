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

// A conversation over real HTTP with the lead-gen fixture bot
// (test/fixtures/bots/lead-gen.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const lead_gen = {
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
    outgoingEdgeId: 'i51YhHpk1dtSyduFNf5Wim',
    type: 'choice input',
    items: [{ id: 'hQw2zbp7FDX7XYK9cFpbgC', content: 'Hi!' }],
  },
  sxeYubYN6XzhAfG7m9Fivhc: text('sxeYubYN6XzhAfG7m9Fivhc', p('Great! Nice to meet you ', 'John')),
  scQ5kduafAtfP9T8SHUJnGi: text('scQ5kduafAtfP9T8SHUJnGi', "What's the best email we can reach you at?"),
  snbsad18Bgry8yZ8DZCfdFD: {
    id: 'snbsad18Bgry8yZ8DZCfdFD',
    outgoingEdgeId: 'w3MiN1Ct38jT5NykVsgmb5',
    type: 'email input',
    options: { variableId: 'v3VFChNVSCXQ2rXv4DrJ8Ah' },
  },
  sgtE2Sy7cKykac9B223Kq9R: text('sgtE2Sy7cKykac9B223Kq9R', "What's your name?"),
  sqEsMo747LTDnY9FjQcEwUv: {
    id: 'sqEsMo747LTDnY9FjQcEwUv',
    outgoingEdgeId: '4tYbERpi5Po4goVgt6rWXg',
    type: 'text input',
    options: { variableId: 'giiLFGw5xXBCHzvp1qAbdX' },
  },
  su7HceVXWyTCzi2vv3m4QbK: text('su7HceVXWyTCzi2vv3m4QbK', 'What services are you interested in?'),
  s5VQGsVF4hQgziQsXVdwPDW: {
    id: 's5VQGsVF4hQgziQsXVdwPDW',
    outgoingEdgeId: 'ohTRakmcYJ7GdFWRZrWRjk',
    type: 'choice input',
    items: [
      { id: 'fnLCBF4NdraSwcubnBhk8H', content: 'Website dev' },
      { id: 'a782h8ynMouY84QjH7XSnR', content: 'Content Marketing' },
      { id: 'jGvh94zBByvVFpSS3w97zY', content: 'Social Media' },
      { id: '6PRLbKUezuFmwWtLVbvAQ7', content: 'UI / UX Design' },
    ],
  },
  sqR8Sz9gW21aUYKtUikq7qZ: text('sqR8Sz9gW21aUYKtUikq7qZ', 'Can you tell me a bit more about your needs?'),
  sqFy2G3C1mh9p6s3QBdSS5x: {
    id: 'sqFy2G3C1mh9p6s3QBdSS5x',
    outgoingEdgeId: 'sH5nUssG2XQbm6ZidGv9BY',
    type: 'text input',
    options: { isLong: true },
  },
  seLegenCgUwMopRFeAefqZ7: text('seLegenCgUwMopRFeAefqZ7', 'Perfect!'),
  s779Q1y51aVaDUJVrFb16vv: text('s779Q1y51aVaDUJVrFb16vv', p("We'll get back to you at ", 'john@example.com')),
} as const;

const { open } = conversationsOnTestServer();

test('lead-gen: invalid button (case-sensitive), invalid e-mail, normalised e-mail, end of flow', async () => {
  const m = lead_gen;
  const chat = await open('lead-gen.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.sc1y8VwDabNJgiVTBi4qtif, m.s7YqZTBeyCa4Hp3wN2j922c],
        input: m.sbjZWLJGVkHAkDqS4JQeGow,
      }),
    ),
  );
  expect(pick(await chat.reply('hi!'))).toEqual(ok(retry(m.sbjZWLJGVkHAkDqS4JQeGow)));
  expect(pick(await chat.reply('Hi!'))).toEqual(
    ok(turn({ messages: [m.sgtE2Sy7cKykac9B223Kq9R], input: m.sqEsMo747LTDnY9FjQcEwUv })),
  );
  expect(pick(await chat.reply('John'))).toEqual(
    ok(turn({ messages: [m.sxeYubYN6XzhAfG7m9Fivhc, m.scQ5kduafAtfP9T8SHUJnGi], input: m.snbsad18Bgry8yZ8DZCfdFD })),
  );
  expect(pick(await chat.reply('john@'))).toEqual(ok(retry(m.snbsad18Bgry8yZ8DZCfdFD, EMAIL_RETRY)));
  expect(pick(await chat.reply({ type: 'text', text: 'JOHN@Example.com' }))).toEqual(
    ok(
      turn({
        messages: [m.su7HceVXWyTCzi2vv3m4QbK],
        input: m.s5VQGsVF4hQgziQsXVdwPDW,
        lastMessageNewFormat: 'john@example.com',
      }),
    ),
  );
  expect(pick(await chat.reply('Social Media'))).toEqual(
    ok(turn({ messages: [m.sqR8Sz9gW21aUYKtUikq7qZ], input: m.sqFy2G3C1mh9p6s3QBdSS5x })),
  );
  expect(pick(await chat.reply('A new website'))).toEqual(
    ok(turn({ messages: [m.seLegenCgUwMopRFeAefqZ7, m.s779Q1y51aVaDUJVrFb16vv] })),
  );
  await chat.expectEnded();
});
