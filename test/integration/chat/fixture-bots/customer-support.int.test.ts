import {
  conversationsOnTestServer,
  EMAIL_RETRY,
  ok,
  pick,
  retry,
  text,
  turn,
} from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the customer-support fixture bot
// (test/fixtures/bots/customer-support.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const customer_support = {
  spud6U3K1omh2dZG8yN2CW4: text('spud6U3K1omh2dZG8yN2CW4', 'Hey friend 👋', 'How can I help you?'),
  s6kp2Z4igeY3kL7B64qBdUg: {
    id: 's6kp2Z4igeY3kL7B64qBdUg',
    type: 'choice input',
    items: [
      {
        id: 'fQ8oLDnKmDBuPDK7riJ2kt',
        outgoingEdgeId: 'dhniFxrsH5r54aEE5JXwK2',
        content: 'I have a feature request ✨',
      },
      { id: 'h2rFDX2UnKS4Kdu3Eyuqq3', outgoingEdgeId: '2C4mhU5o2Hdm7dztR9xNE9', content: 'There is a bug 🐛' },
      { id: 'hcUFBPeQA3gSyXRprRk2v9', outgoingEdgeId: 'bTo6CZD1YapDDyVdvJgFDV', content: 'I have a question 💭' },
    ],
  },
  sjsECyfSBMkUnoWaEnBTmJX: text('sjsECyfSBMkUnoWaEnBTmJX', 'Shoot! 🤪'),
  seomQsnPWgiMzQVeZ3us7x2: text(
    'seomQsnPWgiMzQVeZ3us7x2',
    'Can you describe the bug with as many details as possible?',
  ),
  s3LYyyYtjdQ88jkMMV5DSW7: {
    id: 's3LYyyYtjdQ88jkMMV5DSW7',
    outgoingEdgeId: 'cl1571jhh00022e6dk77f52wg',
    type: 'text input',
    options: { labels: { placeholder: 'Describe the bug...' }, variableId: 'v51BcuecnB6kRU1tsttaGyR', isLong: true },
  },
  s9bgHcWdobb8Z5cTbrnTz6R: text('s9bgHcWdobb8Z5cTbrnTz6R', 'Awesome!'),
  s2NbNaBGKhMvdEUdVPXKZjy: text(
    's2NbNaBGKhMvdEUdVPXKZjy',
    'Head up to the feedback board.',
    '',
    {
      type: 'p',
      children: [
        { text: '👉 ' },
        {
          url: 'https://app.typebot.com/feedback',
          type: 'a',
          children: [{ text: 'https://app.typebot.com/feedback' }],
        },
        { text: '' },
      ],
    },
    '',
    "There, you'll be able to check existing feature requests and submit yours if it's missing 💪",
  ),
  cl16lb3b300092e6dh4h01vxw: {
    id: 'cl16lb3b300092e6dh4h01vxw',
    type: 'choice input',
    items: [{ id: 'cl16lb3b3000a2e6dy8zdhzpz', content: 'Restart' }],
  },
  sm4iHhLQs9yNdRG3b7xqV8Y: text('sm4iHhLQs9yNdRG3b7xqV8Y', {
    type: 'p',
    children: [
      { text: "First, don't forget to check out the " },
      { url: 'https://docs.typebot.com/', type: 'a', children: [{ text: 'Documentation 🙏' }] },
    ],
  }),
  sreX6rwMevEmbTpnkGCtp3k: text('sreX6rwMevEmbTpnkGCtp3k', "Otherwise, I'm all ears!"),
  so4GiKFWWjKCjXgmMJYCGbe: {
    id: 'so4GiKFWWjKCjXgmMJYCGbe',
    type: 'image',
    content: {
      url: 'https://media0.giphy.com/media/rhgwg4qBu97ISgbfni/giphy-downsized.gif?cid=fe3852a3wimy48e55djt23j44uto7gdlu8ksytylafisvr0q&rid=giphy-downsized.gif&ct=g',
    },
  },
  sjd4qACugMarB7gJC8nMhb3: {
    id: 'sjd4qACugMarB7gJC8nMhb3',
    outgoingEdgeId: 'cl1571ktd00032e6dyti22850',
    type: 'text input',
    options: { variableId: 'v51BcuecnB6kRU1tsttaGyR', isLong: true },
  },
  s6uLw72EAKbACrpYHr7DSyY: text('s6uLw72EAKbACrpYHr7DSyY', 'Thank you so much for your submission 💙'),
  stM7cTBFCLhpQagRHT64K6u: text('stM7cTBFCLhpQagRHT64K6u', "I'll get back to you ASAP (usually within 24 hours)"),
  s4JATFkBxzmcqqEKQB2xFfa: {
    id: 's4JATFkBxzmcqqEKQB2xFfa',
    type: 'choice input',
    items: [{ id: 'jqm8wZa5yYb73493n5s3Uc', content: 'Restart' }],
  },
  soiDpBL5r1dbvHxuT2Sd3mH: text('soiDpBL5r1dbvHxuT2Sd3mH', 'On which email can I contact you?'),
  s5Fh7zHUw3j4zDM5xjzwsXB: {
    id: 's5Fh7zHUw3j4zDM5xjzwsXB',
    outgoingEdgeId: 'cl1571xtc00042e6dcptam5jw',
    type: 'email input',
    options: { variableId: 't2k6cj3uYfNdJX13APA4b9' },
  },
} as const;

const { open } = conversationsOnTestServer();

test('customer-support: bug path, invalid e-mail, restart jumps back to the menu group', async () => {
  const m = customer_support;
  const chat = await open('customer-support.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.spud6U3K1omh2dZG8yN2CW4], input: m.s6kp2Z4igeY3kL7B64qBdUg })),
  );
  expect(pick(await chat.reply('There is a bug'))).toEqual(ok(retry(m.s6kp2Z4igeY3kL7B64qBdUg)));
  expect(pick(await chat.reply('There is a bug 🐛'))).toEqual(
    ok(turn({ messages: [m.sjsECyfSBMkUnoWaEnBTmJX, m.seomQsnPWgiMzQVeZ3us7x2], input: m.s3LYyyYtjdQ88jkMMV5DSW7 })),
  );
  expect(pick(await chat.reply('It crashes on save'))).toEqual(
    ok(turn({ messages: [m.soiDpBL5r1dbvHxuT2Sd3mH], input: m.s5Fh7zHUw3j4zDM5xjzwsXB })),
  );
  expect(pick(await chat.reply('me@'))).toEqual(ok(retry(m.s5Fh7zHUw3j4zDM5xjzwsXB, EMAIL_RETRY)));
  expect(pick(await chat.reply('Me@X.io'))).toEqual(
    ok(
      turn({
        messages: [m.s6uLw72EAKbACrpYHr7DSyY, m.stM7cTBFCLhpQagRHT64K6u],
        input: m.s4JATFkBxzmcqqEKQB2xFfa,
        lastMessageNewFormat: 'me@x.io',
      }),
    ),
  );
  expect(pick(await chat.reply('Restart'))).toEqual(
    ok(turn({ messages: [m.spud6U3K1omh2dZG8yN2CW4], input: m.s6kp2Z4igeY3kL7B64qBdUg })),
  );
});
