import { conversationsOnTestServer, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the onboarding fixture bot
// (test/fixtures/bots/onboarding.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const onboarding = {
  cl1267q2c000e2e6dynjeg83n: text('cl1267q2c000e2e6dynjeg83n', 'Welcome 👋'),
  cl1267y1u000f2e6d4rlglv6g: text('cl1267y1u000f2e6d4rlglv6g', "What's your name?"),
  cl126820m000g2e6dfleq78bt: {
    id: 'cl126820m000g2e6dfleq78bt',
    outgoingEdgeId: 'j6x356fbxo32zd9ezje77t4j',
    type: 'text input',
    options: { variableId: 'cl126f4hf000i2e6d8zvzc3t1' },
  },
  cl1266v6f000a2e6db7wj3ux7: text('cl1266v6f000a2e6db7wj3ux7', p('Welcome ', 'Jane', ' 👋')),
  cl126hb9m000l2e6d5qk3mohn: text(
    'cl126hb9m000l2e6d5qk3mohn',
    "I'm super pumped that you've decided to try out Typebot 😍",
  ),
  cl126hpw1000m2e6dneousygl: text(
    'cl126hpw1000m2e6dneousygl',
    'You are small steps away from meaningful, hyper-personalized experience for your users',
  ),
  cl126guhd000k2e6d6ypkex9z: text('cl126guhd000k2e6d6ypkex9z', "Let's get you set up for your Typebot journey."),
  cl126ixp9000q2e6dslh0zypi: text('cl126ixp9000q2e6dslh0zypi', 'Do you work for a specific company?'),
  cl126jb2q000r2e6dgqlnxnt8: {
    id: 'cl126jb2q000r2e6dgqlnxnt8',
    type: 'choice input',
    items: [
      { id: 'cl126jb2q000s2e6dm60yq5p2', content: 'Yes' },
      { id: 'cl126jc5a000t2e6dqv91w7j6', outgoingEdgeId: 'dhva247te6v1cwfbte78bx4v', content: 'No' },
    ],
  },
  cl126jioz000v2e6dwrk1f2cb: {
    id: 'cl126jioz000v2e6dwrk1f2cb',
    outgoingEdgeId: 'c5qdoivxsbhu1mkxkmw9yxft',
    type: 'text input',
    options: { labels: { placeholder: 'Type the company name...' }, variableId: 'cl126jqww000w2e6dq9yv4ifq' },
  },
  cl126krck00112e6d1m6ctxpn: text(
    'cl126krck00112e6d1m6ctxpn',
    'What type of bots are you planning to build with Typebot?',
  ),
  cl126lb8v00142e6duv5qe08l: {
    id: 'cl126lb8v00142e6duv5qe08l',
    type: 'choice input',
    items: [
      { id: 'cl126onz9001g2e6dk0nbjeu6', content: 'Lead qualification' },
      { id: 'cl126lm6c00172e6d1pfvdiju', content: 'Customer support' },
      { id: 'cl126orr2001h2e6d0fqs7737', content: 'Customer research' },
      { id: 'cl126oudu001i2e6dktwi7qwv', content: 'User onboarding' },
      { id: 'cl126luv500192e6dl317ssyr', content: 'Quizzes' },
      { id: 'cl126lz8q001a2e6d8b9lb3b5', content: 'Content distribution' },
      { id: 'cl126nf7k001d2e6dg2zczjgz', content: 'FAQ' },
      { id: 'cl126ngy8001e2e6ddfo5s9fm', content: 'Other' },
    ],
    options: { variableId: 'cl126mo3t001b2e6dvyi16bkd', isMultipleChoice: true },
  },
  cl126p76d001k2e6dbhnf2ysq: text('cl126p76d001k2e6dbhnf2ysq', 'Thank you for answering those questions!'),
  cl126rfy6001t2e6d21gcb6b0: {
    id: 'cl126rfy6001t2e6d21gcb6b0',
    type: 'image',
    content: {
      url: 'https://media4.giphy.com/media/l0amJzVHIAfl7jMDos/giphy.gif?cid=fe3852a3i4c33635xdtj3nesr9uq4zteujaab6b0jr42gpxx&rid=giphy.gif&ct=g',
    },
  },
  agi2i9xxed4jvv40rnrkf23r: text('agi2i9xxed4jvv40rnrkf23r', 'See you soon 🚀'),
  cl127yxym000b2e6d9hksxo6h: text('cl127yxym000b2e6d9hksxo6h', 'What else?'),
  cl126pv7n001o2e6dajltc4qz: {
    id: 'cl126pv7n001o2e6dajltc4qz',
    outgoingEdgeId: 'vk0mgizwhw761s9eo9lx88yv',
    type: 'text input',
    options: { variableId: 'cl126q38p001q2e6d0hj23f6b' },
  },
} as const;

const { open } = conversationsOnTestServer();

test('onboarding: item without edge continues in the group, multiple choice normalised, Contains condition', async () => {
  const m = onboarding;
  const chat = await open('onboarding.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl1267q2c000e2e6dynjeg83n, m.cl1267y1u000f2e6d4rlglv6g],
        input: m.cl126820m000g2e6dfleq78bt,
      }),
    ),
  );
  expect(pick(await chat.reply('Jane'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl1266v6f000a2e6db7wj3ux7,
          m.cl126hb9m000l2e6d5qk3mohn,
          m.cl126hpw1000m2e6dneousygl,
          m.cl126guhd000k2e6d6ypkex9z,
          m.cl126ixp9000q2e6dslh0zypi,
        ],
        input: m.cl126jb2q000r2e6dgqlnxnt8,
      }),
    ),
  );
  expect(pick(await chat.reply('yes'))).toEqual(ok(retry(m.cl126jb2q000r2e6dgqlnxnt8)));
  expect(pick(await chat.reply('Yes'))).toEqual(ok(turn({ messages: [], input: m.cl126jioz000v2e6dwrk1f2cb })));
  expect(pick(await chat.reply('Acme'))).toEqual(
    ok(turn({ messages: [m.cl126krck00112e6d1m6ctxpn], input: m.cl126lb8v00142e6duv5qe08l })),
  );
  expect(pick(await chat.reply('none of these'))).toEqual(ok(retry(m.cl126lb8v00142e6duv5qe08l)));
  expect(pick(await chat.reply('other and faq'))).toEqual(
    ok(
      turn({
        messages: [m.cl127yxym000b2e6d9hksxo6h],
        input: m.cl126pv7n001o2e6dajltc4qz,
        lastMessageNewFormat: 'FAQ, Other',
      }),
    ),
  );
  expect(pick(await chat.reply('Chatbots'))).toEqual(
    ok(turn({ messages: [m.cl126p76d001k2e6dbhnf2ysq, m.cl126rfy6001t2e6d21gcb6b0, m.agi2i9xxed4jvv40rnrkf23r] })),
  );
  await chat.expectEnded();
});
