import {
  conversationsOnTestServer,
  EMAIL_RETRY,
  ok,
  p,
  pick,
  retry,
  text,
  turn,
} from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the digital-product-payment fixture bot
// (test/fixtures/bots/digital-product-payment.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const digital_product_payment = {
  cl3u4431500052e6gruhlxklx: text('cl3u4431500052e6gruhlxklx', 'Hi there 👋'),
  cl3u4592z00082e6go92cuu43: text('cl3u4592z00082e6go92cuu43', "What's your name?"),
  cl3u45f0n000a2e6gci2xgmph: {
    id: 'cl3u45f0n000a2e6gci2xgmph',
    outgoingEdgeId: 'cl3u45j0n000c2e6go4nnaavg',
    type: 'text input',
    options: { labels: { placeholder: 'Type your name...' }, variableId: 'vcl3u45hek000b2e6gkl05z1da' },
  },
  cl3u45lqz000d2e6gxo4n5ets: text('cl3u45lqz000d2e6gxo4n5ets', p('Cool, nice to meet you ', 'Sam')),
  cl3u44adg00072e6gc13e1n12: text(
    'cl3u44adg00072e6gc13e1n12',
    "I've been working on a Notion template for the last 3 months to help you Grow your business.",
  ),
  cl3u46b0i000e2e6gkpf4qiry: text('cl3u46b0i000e2e6gkpf4qiry', 'It is based on the Bullseye Growth Framework'),
  cl3u49lmg000f2e6guhhgf825: {
    id: 'cl3u49lmg000f2e6guhhgf825',
    type: 'video',
    content: { url: 'https://typebot.s3.eu-west-3.amazonaws.com/assets/bullseye+template+preview.mp4', type: 'url' },
  },
  cl3u4hyl9000i2e6gtdz8m04b: text('cl3u4hyl9000i2e6gtdz8m04b', "It's yours for $9"),
  cl3u4hyl9000i2e6gtdz8m04a: text(
    'cl3u4hyl9000i2e6gtdz8m04a',
    'Are you interested in receive a copy of this template?',
  ),
  cl3u4id67000l2e6gahw4v1ny: {
    id: 'cl3u4id67000l2e6gahw4v1ny',
    type: 'choice input',
    items: [
      { id: 'cl3u4id67000m2e6g3x3do8kd', outgoingEdgeId: 'cl3u4l4do00102e6ghd9s5p3f', content: 'Hell yes!' },
      { id: 'cl3u4iexy000o2e6gbagmrxcc', outgoingEdgeId: 'cl3u4jxq2000v2e6gkpwko0uo', content: "I'm ok, thanks." },
    ],
  },
  cl3u4iw29000t2e6gakbxvz4u: text(
    'cl3u4iw29000t2e6gakbxvz4u',
    p('Oh ok, feel free to come back when you feel ready ', 'Sam', '!'),
  ),
  cl3u4jcyt000u2e6gzyj2p5ss: {
    id: 'cl3u4jcyt000u2e6gzyj2p5ss',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/48FhEMYGWji8/giphy.gif?cid=fe3852a32dqdmhdazal2zzctxpxukjx171k0e4eflp0w36jf&rid=giphy.gif&ct=g',
    },
  },
  cl3u4kblb000x2e6g49rot8h0: text('cl3u4kblb000x2e6g49rot8h0', "That's awesome!"),
  cl3u4khsx000y2e6gx9iysgt4: text(
    'cl3u4khsx000y2e6gx9iysgt4',
    "What's the email address where you want to receive the link?",
  ),
  cl3u4l2et000z2e6gjlmh45jp: {
    id: 'cl3u4l2et000z2e6gjlmh45jp',
    outgoingEdgeId: 'dstr8midu9f0x6ylyet7dljw',
    type: 'email input',
    options: { variableId: 'vcl3u4n1vk00162e6gs6x59o2k' },
  },
  cl3u4leig00122e6gqx7skfhb: text('cl3u4leig00122e6gqx7skfhb', 'Sounds good.'),
  cl3u4llj300132e6gciw2ivyv: text(
    'cl3u4llj300132e6gciw2ivyv',
    "You're a step away from implementing proven growth systems to your business 🚀",
  ),
  cl3u4mjq900152e6grwyg90zt: {
    id: 'cl3u4mjq900152e6grwyg90zt',
    outgoingEdgeId: 'cl3u4wynv001b2e6g6pxc7int',
    type: 'payment input',
    options: { additionalInformation: { name: '{{Name}}', email: '{{Email}}' }, amount: '9' },
  },
  cl3u4wi2d001a2e6gznp1r9d4: {
    id: 'cl3u4wi2d001a2e6gznp1r9d4',
    type: 'image',
    content: {
      url: 'https://media1.giphy.com/media/s2qXK8wAvkHTO/giphy.gif?cid=fe3852a3edx7hsbquhw3lu17c422yzc6wsiplnpn02rzm2kf&rid=giphy.gif&ct=g',
    },
  },
  cl3u5189q001d2e6gd1q7qshq: text('cl3u5189q001d2e6gd1q7qshq', "It's all good, you should have received the email!"),
  cl3u51mpe001e2e6ggrjjzxek: text('cl3u51mpe001e2e6ggrjjzxek', 'Thanks again for your visit.'),
  cl3u51z0o001f2e6gbl96p7bi: text('cl3u51z0o001f2e6gbl96p7bi', 'Bye 👋'),
  unw1076x8ematnu6jrbop8sv: text(
    'unw1076x8ematnu6jrbop8sv',
    'You need to add your Stripe credentials in the next Payment block.',
  ),
  ck19ttflkp6mbxnxpnyxp7vh: text(
    'ck19ttflkp6mbxnxpnyxp7vh',
    'Once it\'s done, you can remove this group and connect the email input to the "Payment" group 🪄',
  ),
} as const;

const { open } = conversationsOnTestServer();

test('digital-product-payment: video URL bubble, e-mail, then the "credentials" group ends the flow', async () => {
  const m = digital_product_payment;
  const chat = await open('digital-product-payment.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl3u4431500052e6gruhlxklx, m.cl3u4592z00082e6go92cuu43],
        input: m.cl3u45f0n000a2e6gci2xgmph,
      }),
    ),
  );
  expect(pick(await chat.reply('Sam'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl3u45lqz000d2e6gxo4n5ets,
          m.cl3u44adg00072e6gc13e1n12,
          m.cl3u46b0i000e2e6gkpf4qiry,
          m.cl3u49lmg000f2e6guhhgf825,
          m.cl3u4hyl9000i2e6gtdz8m04b,
          m.cl3u4hyl9000i2e6gtdz8m04a,
        ],
        input: m.cl3u4id67000l2e6gahw4v1ny,
      }),
    ),
  );
  expect(pick(await chat.reply('Maybe'))).toEqual(ok(retry(m.cl3u4id67000l2e6gahw4v1ny)));
  expect(pick(await chat.reply('Hell yes!'))).toEqual(
    ok(
      turn({
        messages: [m.cl3u4kblb000x2e6g49rot8h0, m.cl3u4khsx000y2e6gx9iysgt4],
        input: m.cl3u4l2et000z2e6gjlmh45jp,
      }),
    ),
  );
  expect(pick(await chat.reply('sam@example'))).toEqual(ok(retry(m.cl3u4l2et000z2e6gjlmh45jp, EMAIL_RETRY)));
  // the e-mail input leads to the "add your Stripe credentials" group, not to the payment input
  expect(pick(await chat.reply('sam@example.com'))).toEqual(
    ok(turn({ messages: [m.unw1076x8ematnu6jrbop8sv, m.ck19ttflkp6mbxnxpnyxp7vh] })),
  );
  await chat.expectEnded();
});

test('digital-product-payment: "I\'m ok, thanks." branch ends with the image', async () => {
  const m = digital_product_payment;
  const chat = await open('digital-product-payment.json');
  await chat.start();
  await chat.reply('Sam');
  expect(pick(await chat.reply("I'm ok, thanks."))).toEqual(
    ok(turn({ messages: [m.cl3u4iw29000t2e6gakbxvz4u, m.cl3u4jcyt000u2e6gzyj2p5ss] })),
  );
  await chat.expectEnded();
});
