import { conversationsOnTestServer, ok, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the lead-scoring fixture bot
// (test/fixtures/bots/lead-scoring.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const lead_scoring = {
  cl1sep1cc001x2e6eikrwf9jy: text('cl1sep1cc001x2e6eikrwf9jy', 'Hi! 👋'),
  cl1sep7jn001y2e6ez7ee7eiw: text('cl1sep7jn001y2e6ez7ee7eiw', "I'm glad you are intersted in our services."),
  cl1seyazl00252e6e3zsbosvm: text('cl1seyazl00252e6e3zsbosvm', "I'll need to know a little more about you"),
  cl1sern9200212e6esrid307i: text('cl1sern9200212e6esrid307i', 'Do you work with a specific company?'),
  cl1ses31000222e6ebrb4wxo0: {
    id: 'cl1ses31000222e6ebrb4wxo0',
    type: 'choice input',
    items: [
      { id: 'cl1ses31100232e6eq3nnp2mm', outgoingEdgeId: 'cl1sezo4z00292e6ean8s487x', content: 'Yes' },
      { id: 'cl1ses3y400242e6e1qjwkhq4', outgoingEdgeId: 'cl1sfertf004i2e6epf68fwri', content: 'No' },
    ],
  },
  cl1sez6zt00272e6ecsefq05y: text('cl1sez6zt00272e6ecsefq05y', 'Which company?'),
  cl1sezlw700282e6eozkzmed0: {
    id: 'cl1sezlw700282e6eozkzmed0',
    outgoingEdgeId: 'cl1sf1mm0002h2e6eurv21l5n',
    type: 'text input',
    options: { variableId: 'vcl1sf93s2003l2e6eojomb66g' },
  },
  cl1sf0ohc002e2e6egrjoj10z: text('cl1sf0ohc002e2e6egrjoj10z', 'How many employees is your team composed of?'),
  cl1sf1er7002f2e6eakhc25yy: {
    id: 'cl1sf1er7002f2e6eakhc25yy',
    type: 'number input',
    options: { variableId: 'vcl1sf1ko5002g2e6egjmyb16v' },
  },
  cl1sf4ql500342e6ebj863aex: text('cl1sf4ql500342e6ebj863aex', 'Where are you based?'),
  cl1sf4z8n00352e6ejypaeinl: {
    id: 'cl1sf4z8n00352e6ejypaeinl',
    type: 'text input',
    options: { labels: { placeholder: 'Type your country...' }, variableId: 'vcl1sf525q00362e6eoyosycte' },
  },
  cl1sf85bm003j2e6e04d210vs: text('cl1sf85bm003j2e6e04d210vs', 'Thank you for answering these questions'),
  cl1sfcqjw003z2e6ebmyzey4o: text('cl1sfcqjw003z2e6ebmyzey4o', "What's your job role?"),
  cl1sfbbw3003t2e6e16ec9w29: {
    id: 'cl1sfbbw3003t2e6e16ec9w29',
    outgoingEdgeId: 'cl1sfek9r004e2e6elkh3h7a2',
    type: 'choice input',
    items: [
      { id: 'cl1sfbbw3003u2e6e7luhj0n1', content: 'UI/UX Designer' },
      { id: 'cl1sfbq6z003v2e6egnctk2n2', content: 'Product Owner' },
      { id: 'cl1sfbtz8003w2e6eodbt4ogs', outgoingEdgeId: 'cl1sfebs9004a2e6ere0zokyo', content: 'Marketing Officer' },
      { id: 'cl1sfc545003x2e6e833juo6m', outgoingEdgeId: 'cl1sfedcd004b2e6eerh8hz33', content: 'Developer' },
    ],
  },
  cl1sfgwox004o2e6evzi0n7hk: text(
    'cl1sfgwox004o2e6evzi0n7hk',
    'Our service is specifically designed for your situation.',
  ),
  cl1sfhz4f004p2e6esidqktmr: text('cl1sfhz4f004p2e6esidqktmr', "We'll get back to you ASAP. 👋"),
  cl1sfgjnr004m2e6e63sqh0dh: text('cl1sfgjnr004m2e6e63sqh0dh', "Our service doesn't seem to suit your need."),
  cl1sfikh5004q2e6elyvzgd0s: text('cl1sfikh5004q2e6elyvzgd0s', "We'll still send you valuable content by email."),
  cl1sfitz4004r2e6e3ge4x7uy: text('cl1sfitz4004r2e6e3ge4x7uy', 'Bye bye 👋'),
} as const;

const { open } = conversationsOnTestServer();

test('lead-scoring: number input (invalid then valid), conditions, Set variable arithmetic', async () => {
  const m = lead_scoring;
  const chat = await open('lead-scoring.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.cl1sep1cc001x2e6eikrwf9jy,
          m.cl1sep7jn001y2e6ez7ee7eiw,
          m.cl1seyazl00252e6e3zsbosvm,
          m.cl1sern9200212e6esrid307i,
        ],
        input: m.cl1ses31000222e6ebrb4wxo0,
      }),
    ),
  );
  expect(pick(await chat.reply('Yes'))).toEqual(
    ok(turn({ messages: [m.cl1sez6zt00272e6ecsefq05y], input: m.cl1sezlw700282e6eozkzmed0 })),
  );
  expect(pick(await chat.reply('Acme'))).toEqual(
    ok(turn({ messages: [m.cl1sf0ohc002e2e6egrjoj10z], input: m.cl1sf1er7002f2e6eakhc25yy })),
  );
  expect(pick(await chat.reply('many'))).toEqual(ok(retry(m.cl1sf1er7002f2e6eakhc25yy)));
  // 42 > 30: "Add 20" then Q3
  expect(pick(await chat.reply('42'))).toEqual(
    ok(turn({ messages: [m.cl1sfcqjw003z2e6ebmyzey4o], input: m.cl1sfbbw3003t2e6e16ec9w29 })),
  );
  expect(pick(await chat.reply('Developer'))).toEqual(
    ok(turn({ messages: [m.cl1sf4ql500342e6ebj863aex], input: m.cl1sf4z8n00352e6ejypaeinl })),
  );
  // not "United States": Else edge to Filtering; Lead Score = 10 + 20 + 20 = 50 > 20 → qualified
  expect(pick(await chat.reply('France'))).toEqual(
    ok(turn({ messages: [m.cl1sf85bm003j2e6e04d210vs, m.cl1sfgwox004o2e6evzi0n7hk, m.cl1sfhz4f004p2e6esidqktmr] })),
  );
  await chat.expectEnded();
});
