import { conversationsOnTestServer, b, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the quiz fixture bot
// (test/fixtures/bots/quiz.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const quiz = {
  cl1r09bcc000i2e6dyyvskx75: text('cl1r09bcc000i2e6dyyvskx75', 'What does SEO stand for?'),
  cl1r09dl9000j2e6dhkc2h97y: {
    id: 'cl1r09dl9000j2e6dhkc2h97y',
    outgoingEdgeId: 'cl1r0cfjt00122e6dzwtamycl',
    type: 'choice input',
    items: [
      { id: 'cl1r09dl9000k2e6dvf7llzkd', content: 'Send Email Out' },
      { id: 'cl1r0a80k000l2e6dngppwyhm', content: 'Serial Editorial Output' },
      {
        id: 'cl1r0adei000m2e6dfc8w5y4k',
        outgoingEdgeId: 'cl1r0dfip00152e6doo9duexn',
        content: 'Search Engine Optimization',
      },
      { id: 'cl1r0aiks000n2e6dc31e2db6', content: 'Search Expectation Order' },
    ],
  },
  cl1r0d8zi00142e6d4tl2yenk: text('cl1r0d8zi00142e6d4tl2yenk', 'Well done!'),
  cl1r0bgit000x2e6dvdre9wsj: text('cl1r0bgit000x2e6dvdre9wsj', 'What is anchor text?'),
  cl1r0b3x5000r2e6dqk8gzoim: {
    id: 'cl1r0b3x5000r2e6dqk8gzoim',
    outgoingEdgeId: 'cl1r0f53y001q2e6dvuq434ru',
    type: 'choice input',
    items: [
      {
        id: 'cl1r0b3x5000s2e6dyq6bklbf',
        outgoingEdgeId: 'cl1r0i4dj001r2e6dgb96tx9q',
        content: 'The visible text that is hyperlinked to another page',
      },
      { id: 'cl1r0b6jd000t2e6dkp3dxpp9', content: 'The text in the top left of a webpage' },
      {
        id: 'cl1r0b835000u2e6d22rw2gb5',
        content: 'The most prominent text on a page, used by search engines to assign a title to the page',
      },
      { id: 'cl1r0b9tl000v2e6dkligryj3', content: 'A slogan that sticks in a consumer’s mind' },
    ],
  },
  cl1r0eril001b2e6dh43cqhv5: text('cl1r0eril001b2e6dh43cqhv5', 'Well done!'),
  cl1r0eril001d2e6d3gay9cls: text('cl1r0eril001d2e6d3gay9cls', 'What is a persona ?'),
  cl1r0eril001f2e6dk0fd0qpw: {
    id: 'cl1r0eril001f2e6dk0fd0qpw',
    outgoingEdgeId: 'cl1r0khb6002c2e6ddssbpj9z',
    type: 'choice input',
    items: [
      { id: 'cl1r0erim001g2e6d5zzn8q22', content: 'Your target audience' },
      { id: 'cl1r0erim001h2e6dnwtiturl', content: 'Someone who joins your mailing list' },
      { id: 'cl1r0erim001i2e6dbfhck09o', content: 'A repeat customer' },
      {
        id: 'cl1r0erim001j2e6d2waa3374',
        outgoingEdgeId: 'cl1r0k27y00262e6dflgcp3wa',
        content: 'A fictional representation of a group of customers',
      },
    ],
  },
  cl1r0j8u2001w2e6d3wnpzcj5: text('cl1r0j8u2001w2e6d3wnpzcj5', 'Well done!'),
  cl1r0j8u2001y2e6dr24ieifw: text('cl1r0j8u2001y2e6dr24ieifw', 'What does CTA stand for?'),
  cl1r0j8u200202e6dun2d04gu: {
    id: 'cl1r0j8u200202e6dun2d04gu',
    outgoingEdgeId: 'cl1r0ktet002i2e6d5sh8gd2b',
    type: 'choice input',
    items: [
      { id: 'cl1r0j8u200212e6dov1xy5m4', content: 'Consequence To Advert' },
      { id: 'cl1r0j8u300222e6dnj0i5fm8', outgoingEdgeId: 'cl1r0lm4e002m2e6d0g3h9pm7', content: 'Call To Action' },
      { id: 'cl1r0j8u300232e6dxd8abojt', content: 'Computer Tracked Actions' },
      { id: 'cl1r0j8u300242e6d0pki60w6', content: 'Characteristic Tracking Advert' },
    ],
  },
  cl1r0c85i00112e6d8iwtrpvb: text('cl1r0c85i00112e6d8iwtrpvb', 'WRONG!'),
  cl1r0crx600132e6d0u54j506: text('cl1r0crx600132e6d0u54j506', 'SEO stands for Search Engine Optimization'),
  cl1r0exdi001m2e6d7kge562x: text('cl1r0exdi001m2e6d7kge562x', 'WRONG!'),
  cl1r0exdi001o2e6d70s7si5y: text(
    'cl1r0exdi001o2e6d70s7si5y',
    'Anchor text is the visible text that is hyperlinked to another page',
  ),
  cl1r0k3tq00282e6dl0av81kz: text('cl1r0k3tq00282e6dl0av81kz', 'WRONG!'),
  cl1r0k3tq002a2e6dv3s1eb6d: text(
    'cl1r0k3tq002a2e6dv3s1eb6d',
    'A persona is a fictional representation of a group of customers',
  ),
  cl1r0kqof002e2e6dzjcw0kvs: text('cl1r0kqof002e2e6dzjcw0kvs', 'WRONG!'),
  cl1r0kqog002g2e6dizmxvz64: text(
    'cl1r0kqog002g2e6dizmxvz64',
    'Anchor text is the visible text that is hyperlinked to another page',
  ),
  cl1r0nkdx002r2e6dwv0wclo0: text('cl1r0nkdx002r2e6dwv0wclo0', 'Try again?'),
  cl1r0nt85002s2e6dloupnhdq: {
    id: 'cl1r0nt85002s2e6dloupnhdq',
    type: 'choice input',
    items: [
      { id: 'cl1r0nt85002t2e6dvb7si7ny', outgoingEdgeId: 'cl1r15gko005i2e6dn6rhifwe', content: 'Yes!' },
      { id: 'cl1r0nveb002u2e6dotjk6nuf', content: 'No, bye!' },
    ],
  },
  cl1r0rggf00392e6dcc941700: text('cl1r0rggf00392e6dcc941700', 'Well done 👏'),
  cl1r0rvce003c2e6diusd3pxq: text('cl1r0rvce003c2e6diusd3pxq', "You could do better but that's alright!"),
  cl1r0pe0x00332e6dxg6xdt2f: text(
    'cl1r0pe0x00332e6dxg6xdt2f',
    'Aouch, you need to improve your Digital Marketing game.',
  ),
  cl1r16nes005z2e6d3aj23kfz: text('cl1r16nes005z2e6d3aj23kfz', 'Hi there!'),
  cl1r15w5p005t2e6d670v9nbi: text('cl1r15w5p005t2e6d670v9nbi', "You're about to answer a Quiz about Digital Marketing"),
  cl1r16rt400622e6d32uta7mi: text('cl1r16rt400622e6d32uta7mi', 'It is composed of only 4 questions.'),
  cl1r1708n00662e6dv8900ixk: text('cl1r1708n00662e6dv8900ixk', p(b('Ready?'))),
  cl1r176e900692e6d8u3k6sdq: {
    id: 'cl1r176e900692e6d8u3k6sdq',
    type: 'choice input',
    items: [{ id: 'cl1r176e9006a2e6dpvp0974z', outgoingEdgeId: 'cl1r17pzv006n2e6dpibxp9th', content: 'Go!' }],
  },
} as const;

const { open } = conversationsOnTestServer();

test('quiz: all answers right (score 20), condition to "Great score", restart through the link to `current`', async () => {
  const m = quiz;
  const chat = await open('quiz.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.cl1r16nes005z2e6d3aj23kfz,
          m.cl1r15w5p005t2e6d670v9nbi,
          m.cl1r16rt400622e6d32uta7mi,
          m.cl1r1708n00662e6dv8900ixk,
        ],
        input: m.cl1r176e900692e6d8u3k6sdq,
      }),
    ),
  );
  expect(pick(await chat.reply('go!'))).toEqual(ok(retry(m.cl1r176e900692e6d8u3k6sdq)));
  expect(pick(await chat.reply('Go!'))).toEqual(
    ok(turn({ messages: [m.cl1r09bcc000i2e6dyyvskx75], input: m.cl1r09dl9000j2e6dhkc2h97y })),
  );
  expect(pick(await chat.reply('Search Engine Optimization'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0d8zi00142e6d4tl2yenk, m.cl1r0bgit000x2e6dvdre9wsj],
        input: m.cl1r0b3x5000r2e6dqk8gzoim,
      }),
    ),
  );
  // by item id (the web client may send the id as text)
  expect(pick(await chat.reply('cl1r0b3x5000s2e6dyq6bklbf'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0eril001b2e6dh43cqhv5, m.cl1r0eril001d2e6d3gay9cls],
        input: m.cl1r0eril001f2e6dk0fd0qpw,
        lastMessageNewFormat: 'The visible text that is hyperlinked to another page',
      }),
    ),
  );
  expect(pick(await chat.reply('A fictional representation of a group of customers'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0j8u2001w2e6d3wnpzcj5, m.cl1r0j8u2001y2e6dr24ieifw],
        input: m.cl1r0j8u200202e6dun2d04gu,
      }),
    ),
  );
  expect(pick(await chat.reply('Call To Action'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl1r0rggf00392e6dcc941700,
          text('cl1r0mn3t002q2e6dcmv4bzth', p('Your score is ', '20', '/20.')),
          m.cl1r0nkdx002r2e6dwv0wclo0,
        ],
        input: m.cl1r0nt85002s2e6dloupnhdq,
      }),
    ),
  );
  // "Yes!" → Typebot link to the current bot's Q1 group: Score reset, Q1 asked again
  expect(pick(await chat.reply('Yes!'))).toEqual(
    ok(turn({ messages: [m.cl1r09bcc000i2e6dyyvskx75], input: m.cl1r09dl9000j2e6dhkc2h97y })),
  );
  expect(pick(await chat.reply('Send Email Out'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0c85i00112e6d8iwtrpvb, m.cl1r0crx600132e6d0u54j506, m.cl1r0bgit000x2e6dvdre9wsj],
        input: m.cl1r0b3x5000r2e6dqk8gzoim,
      }),
    ),
  );
});
