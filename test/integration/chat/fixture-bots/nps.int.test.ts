import { conversationsOnTestServer, b, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the nps fixture bot
// (test/fixtures/bots/nps.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const nps = {
  vep990mmfbe64nqczp66xebw: text('vep990mmfbe64nqczp66xebw', 'Hey! 👋'),
  u1oeokc5j8bzwi4lwqyf7c8q: text(
    'u1oeokc5j8bzwi4lwqyf7c8q',
    p('Since you are part of our daily users, can I ask you ', b('2 questions'), '?'),
  ),
  d3asw3zs2gahpxs3usun6lm5: {
    id: 'd3asw3zs2gahpxs3usun6lm5',
    type: 'choice input',
    items: [{ id: 'wvjhc2vrkqy8512y0wvmciex', outgoingEdgeId: 'sjeyoptun1yu805ry37je1ni', content: 'Sure!' }],
  },
  jcp3qhpb4wf95g0ylrp4e8zb: text(
    'jcp3qhpb4wf95g0ylrp4e8zb',
    p('How likely will you recommend our product', b(' '), 'to a friend or colleague?'),
  ),
  bfvv74k8oz57kaqeqek3uen7: {
    id: 'bfvv74k8oz57kaqeqek3uen7',
    type: 'rating input',
    options: {
      variableId: 'vwqc8tzl0380h30vxh07fekmm',
      labels: { left: 'Very unlikely', right: 'Very likely' },
      isOneClickSubmitEnabled: true,
    },
  },
  izehojk23xug74tylpm0wbib: text('izehojk23xug74tylpm0wbib', "I'm glad to hear that 😍"),
  qj3e1cxwjub800r6g3lfa4ei: text('qj3e1cxwjub800r6g3lfa4ei', 'Could you tell us why?'),
  ro6a6dt7j3x99unduh5jm6an: {
    id: 'ro6a6dt7j3x99unduh5jm6an',
    outgoingEdgeId: 'y6gsa6pjrfeu8zi6evtzirs1',
    type: 'text input',
    options: { isLong: true },
  },
  ou7airondk1mxm4inzzyyr1x: text('ou7airondk1mxm4inzzyyr1x', 'Could you tell us what went wrong?'),
  eixinwxcgsng6v8blw6jdgwy: text('eixinwxcgsng6v8blw6jdgwy', 'Thank you! 🙏'),
  cjqu4wje2zr8i5ehivxv5567: text('cjqu4wje2zr8i5ehivxv5567', 'Would you be ok to leave a review on Capterra?'),
  v9pf4n5kcwon4g0yvwwc6vk3: {
    id: 'v9pf4n5kcwon4g0yvwwc6vk3',
    type: 'choice input',
    items: [
      { id: 'y34d4iij8y9qrt28y240x7vm', outgoingEdgeId: 'lw33kviri91z1mvxb87kaew0', content: 'Sure!' },
      { id: 'l7txnq6jtm0niynklcpzb21u', outgoingEdgeId: 'wjcvbnj1drs6if1p21a8yokf', content: 'Maybe later' },
    ],
  },
  m1my2b6gqq2hgfecw1vs2vcm: text('m1my2b6gqq2hgfecw1vs2vcm', 'Thank you for taking the time to answer!'),
  fyl3k7qc6jdmc8t38b9wkcrh: text('fyl3k7qc6jdmc8t38b9wkcrh', 'Have a beautiful day!'),
  qobvos2ihgxb8e729ur8b2rv: {
    id: 'qobvos2ihgxb8e729ur8b2rv',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/qC2REWsp3fQ1v2mm74/giphy.gif?cid=fe3852a38k350b15tly68dp7plh5iskmlonklrofvce975cq&rid=giphy.gif&ct=g',
    },
  },
  dfisk4xq8csn0t2aute6hbsd: text('dfisk4xq8csn0t2aute6hbsd', "Sorry that your experience hasn't been amazing 🙁"),
  u6vs0akagfjg63zq8z1rcc14: text(
    'u6vs0akagfjg63zq8z1rcc14',
    p("Here is a promo code if you'd like to give our product another chance: ", b('PROMO123')),
  ),
  lfk1wt96u8yrtfkof6lrianc: {
    id: 'lfk1wt96u8yrtfkof6lrianc',
    type: 'image',
    content: {
      url: 'https://media1.giphy.com/media/kaBU6pgv0OsPHz2yxy/giphy-downsized.gif?cid=fe3852a30aonhd3he63idx7116fsc1sydsan2ggr9uq4hs9j&rid=giphy-downsized.gif&ct=g',
    },
  },
  cd8ftyg6tkjggncxuo242u3j: text('cd8ftyg6tkjggncxuo242u3j', 'Amazing 🤩'),
  nigypz7fhnt07440o0829o81: text('nigypz7fhnt07440o0829o81', 'Let me take you there...'),
} as const;

const { open } = conversationsOnTestServer();

test('nps: rating (invalid above length, then 10), promoter segmentation, wait and redirect actions, end', async () => {
  const m = nps;
  const chat = await open('nps.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.vep990mmfbe64nqczp66xebw, m.u1oeokc5j8bzwi4lwqyf7c8q],
        input: m.d3asw3zs2gahpxs3usun6lm5,
      }),
    ),
  );
  expect(pick(await chat.reply('Sure!'))).toEqual(
    ok(turn({ messages: [m.jcp3qhpb4wf95g0ylrp4e8zb], input: m.bfvv74k8oz57kaqeqek3uen7 })),
  );
  expect(pick(await chat.reply('11'))).toEqual(ok(retry(m.bfvv74k8oz57kaqeqek3uen7)));
  expect(pick(await chat.reply('10'))).toEqual(
    ok(turn({ messages: [m.izehojk23xug74tylpm0wbib, m.qj3e1cxwjub800r6g3lfa4ei], input: m.ro6a6dt7j3x99unduh5jm6an })),
  );
  expect(pick(await chat.reply('It saves me time'))).toEqual(
    ok(turn({ messages: [m.eixinwxcgsng6v8blw6jdgwy, m.cjqu4wje2zr8i5ehivxv5567], input: m.v9pf4n5kcwon4g0yvwwc6vk3 })),
  );
  expect(pick(await chat.reply('Sure!'))).toEqual(
    ok(
      turn({
        messages: [m.cd8ftyg6tkjggncxuo242u3j, m.nigypz7fhnt07440o0829o81],
        clientSideActions: [
          // shouldPause unset in the fixture: no expectsDedicatedReply key (the reference passes options.shouldPause through)
          { type: 'wait', wait: { secondsToWaitFor: 1 }, lastBubbleBlockId: 'nigypz7fhnt07440o0829o81' },
          {
            type: 'redirect',
            redirect: { url: 'https://www.capterra.com/p/233968/Typebot/' },
            lastBubbleBlockId: 'nigypz7fhnt07440o0829o81',
          },
        ],
      }),
    ),
  );
  await chat.expectEnded();
});

test('nps: a low rating goes to the detractor path', async () => {
  const m = nps;
  const chat = await open('nps.json');
  await chat.start();
  await chat.reply('Sure!');
  expect(pick(await chat.reply('3'))).toEqual(
    ok(turn({ messages: [m.ou7airondk1mxm4inzzyyr1x], input: m.ro6a6dt7j3x99unduh5jm6an })),
  );
  expect(pick(await chat.reply('Too slow'))).toEqual(
    ok(turn({ messages: [m.dfisk4xq8csn0t2aute6hbsd, m.u6vs0akagfjg63zq8z1rcc14, m.lfk1wt96u8yrtfkof6lrianc] })),
  );
  await chat.expectEnded();
});
