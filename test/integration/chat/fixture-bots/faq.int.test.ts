import { conversationsOnTestServer, ok, pick, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the faq fixture bot
// (test/fixtures/bots/faq.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const faq = {
  cl96ns9qr00053b6igebgtl5q: text(
    'cl96ns9qr00053b6igebgtl5q',
    "If you have a question about our product, you're in the right place 😊",
  ),
  cl96nv877000b3b6i7p69ss2o: {
    id: 'cl96nv877000b3b6i7p69ss2o',
    type: 'choice input',
    items: [
      { id: 'cl96nv877000c3b6idyepv694', outgoingEdgeId: 'cl96o2u6h000t3b6izmh4pguj', content: "What's Analyzr?" },
      {
        id: 'cl96nvcwi000d3b6ipyfzcyaw',
        outgoingEdgeId: 'cl96o6hxh00173b6ix83nn581',
        content: 'Can I use your tool for free?',
      },
      {
        id: 'cl96obwgy001k3b6ir1a8qk5w',
        outgoingEdgeId: 'cl96ofn4s001q3b6i482xx6jp',
        content: 'Tell me about the company',
      },
      {
        id: 'cl96nvstv000e3b6itm8cj1s5',
        outgoingEdgeId: 'cl96ogaa0001x3b6izae2alxq',
        content: 'I have another question',
      },
    ],
  },
  cl96nt9ob00073b6ionlvakha: text('cl96nt9ob00073b6ionlvakha', 'Hey there 👋'),
  cl96ntraa00083b6ij922v2qh: text(
    'cl96ntraa00083b6ij922v2qh',
    "I'm John, head of the customer success Team at Analyzr",
  ),
  cl96o2cgi000s3b6ikdv6iogz: text(
    'cl96o2cgi000s3b6ikdv6iogz',
    'Analyzr is a simple and privacy-friendly analytics tool for your website',
  ),
  cl96o3260000u3b6i9czqm52g: text(
    'cl96o3260000u3b6i9czqm52g',
    'It is:',
    '✅ Lightweight',
    '✅ Open-source',
    '✅ Fully compliant with GDPR',
  ),
  cl96o55z3000x3b6ikq14g2tu: {
    id: 'cl96o55z3000x3b6ikq14g2tu',
    type: 'choice input',
    items: [{ id: 'cl96o55z3000y3b6idpn54byw', content: 'Sounds good!' }],
  },
  cl96o6a2700133b6ii5n027h2: text('cl96o6a2700133b6ii5n027h2', 'You can!'),
  cl96o6a2700143b6ija9jqhky: text(
    'cl96o6a2700143b6ija9jqhky',
    'Analyzr has a generous free plan that allows you to store 1,000,000 events/mo 🚀',
  ),
  cl96o6a2700153b6il1wj2aev: {
    id: 'cl96o6a2700153b6il1wj2aev',
    type: 'choice input',
    items: [
      { id: 'cl96o6a2700163b6i818ywnqv', outgoingEdgeId: 'n4rgj2fmqrmnkvo9m9ebzak7', content: 'Awesome!' },
      { id: 'cl96o83lo00183b6igen42ivq', outgoingEdgeId: 'cl96oa83f001h3b6i81wodnjx', content: "What's an event?" },
    ],
  },
  cl96o8eyn001b3b6icmbgg7lw: text('cl96o8eyn001b3b6icmbgg7lw', 'An event is a user event on your website.'),
  cl96o990s001c3b6ie2jjefhf: text(
    'cl96o990s001c3b6ie2jjefhf',
    'It can be "User visited this URL" or "User clicked on this button"',
  ),
  cl96o9xba001d3b6i9004l33e: {
    id: 'cl96o9xba001d3b6i9004l33e',
    type: 'choice input',
    items: [{ id: 'cl96o9xbd001e3b6i6ag5ooo7', content: 'Ok, got it!' }],
  },
  cl96ods3i001o3b6iiyboljuf: text('cl96ods3i001o3b6iiyboljuf', 'The company was founded in 2020 by Josh Corn'),
  cl96oc277001n3b6if8wv6hzl: text('cl96oc277001n3b6if8wv6hzl', 'We are now a team of 15'),
  cl96oenlh001p3b6iutaiw9wl: text(
    'cl96oenlh001p3b6iutaiw9wl',
    'Our core values are:',
    '',
    '🔍 Transparency',
    '⚡ Ship fast',
    '💙 Awesome customer support',
  ),
  cl96oftnv001r3b6ixen8g0bv: {
    id: 'cl96oftnv001r3b6ixen8g0bv',
    type: 'choice input',
    items: [{ id: 'cl96oftnv001s3b6i7kjyq7me', content: 'Cool!' }],
  },
  cl96og2yu001w3b6ijqgstubu: text('cl96og2yu001w3b6ijqgstubu', 'Sure, no problem!'),
  cl96ogmjx001y3b6iwfosloet: {
    id: 'cl96ogmjx001y3b6iwfosloet',
    outgoingEdgeId: 'cl96ohn9900213b6ibex8g6my',
    type: 'text input',
    options: { labels: { placeholder: 'Type your question...' }, isLong: true },
  },
  cl96oh3mn00203b6iahw2x1ns: text(
    'cl96oh3mn00203b6iahw2x1ns',
    "Alright, we'll reach out to you very soon. Thank you so much 💙",
  ),
} as const;

const { open } = conversationsOnTestServer();

test('faq: jump back to the menu block, blank-line paragraphs, end', async () => {
  const m = faq;
  const chat = await open('faq.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl96nt9ob00073b6ionlvakha, m.cl96ntraa00083b6ij922v2qh, m.cl96ns9qr00053b6igebgtl5q],
        input: m.cl96nv877000b3b6i7p69ss2o,
      }),
    ),
  );
  expect(pick(await chat.reply('Tell me about the company'))).toEqual(
    ok(
      turn({
        messages: [m.cl96ods3i001o3b6iiyboljuf, m.cl96oc277001n3b6if8wv6hzl, m.cl96oenlh001p3b6iutaiw9wl],
        input: m.cl96oftnv001r3b6ixen8g0bv,
      }),
    ),
  );
  expect(pick(await chat.reply('Cool!'))).toEqual(ok(turn({ messages: [], input: m.cl96nv877000b3b6i7p69ss2o })));
  expect(pick(await chat.reply("What's Analyzr?"))).toEqual(
    ok(
      turn({
        messages: [m.cl96o2cgi000s3b6ikdv6iogz, m.cl96o3260000u3b6i9czqm52g],
        input: m.cl96o55z3000x3b6ikq14g2tu,
      }),
    ),
  );
  expect(pick(await chat.reply('Sounds good!'))).toEqual(
    ok(turn({ messages: [], input: m.cl96nv877000b3b6i7p69ss2o })),
  );
  expect(pick(await chat.reply('I have another question'))).toEqual(
    ok(turn({ messages: [m.cl96og2yu001w3b6ijqgstubu], input: m.cl96ogmjx001y3b6iwfosloet })),
  );
  expect(pick(await chat.reply('How much is it?'))).toEqual(ok(turn({ messages: [m.cl96oh3mn00203b6iahw2x1ns] })));
  await chat.expectEnded();
});
