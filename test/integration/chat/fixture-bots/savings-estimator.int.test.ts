import {
  conversationsOnTestServer,
  missingCredentialsLog,
  ok,
  pick,
  retry,
  text,
  turn,
} from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the savings-estimator fixture bot
// (test/fixtures/bots/savings-estimator.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const savings_estimator = {
  gm8c2bzxouv5x74zohjdvuwk: text(
    'gm8c2bzxouv5x74zohjdvuwk',
    'Hi there! Are you curious to see how much you can save by switching to reusable sponges and paper towels? 🌱',
  ),
  pfsd7hh9kkzk7d41qh70cwpp: text('pfsd7hh9kkzk7d41qh70cwpp', "Let's find out together!"),
  rpf1u0bigv1v1z9x2q7m7g27: {
    id: 'rpf1u0bigv1v1z9x2q7m7g27',
    outgoingEdgeId: 'k0ikr8x3bu9s5o86g5njqfts',
    type: 'choice input',
    items: [{ id: 'ih0cv1bnpyc83qwz4qq6ywk3', content: "Yes, let's go!" }],
  },
  m6kz7rkv1ioe36n9dn7znep8: text('m6kz7rkv1ioe36n9dn7znep8', 'Where do you typically use sponges in your house?'),
  dufhivf25jztks3a52hdyo6s: {
    id: 'dufhivf25jztks3a52hdyo6s',
    outgoingEdgeId: 'sj4gzsj102ge9gvyujn7dptw',
    type: 'choice input',
    items: [
      { id: 'x10afn6nfah52jsu0avz6br9', content: 'Kitchen - for dishes, counter, and appliances' },
      { id: 'eeogjc9povplcvgqny1dc6uj', content: 'Bathroom - for sinks, showers, and tubs' },
      { id: 'asy0lmqlzprtlfepmz8c6mfz', content: 'Living Room and Bedrooms - for furniture and windows' },
      { id: 'qqp3qjm4z7r60py4sg21pqd6', content: 'Laundry Room - for cleaning spills and surfaces' },
      { id: 'jk7vgqy5cgfrklnkuddkfj9q', content: 'Garage and Outdoors - for vehicles and garden tools' },
      { id: 'cnx6lctjxc23opp5gdnvvxbu', content: 'dishes' },
    ],
    options: { isMultipleChoice: true },
  },
  m9xp0uifcpbw6m9xx5ez4eo8: text(
    'm9xp0uifcpbw6m9xx5ez4eo8',
    'How often would you say that you are throwing a sponge away?',
  ),
  qiayx3hjmo5ef1n3w3uxux4g: {
    id: 'qiayx3hjmo5ef1n3w3uxux4g',
    type: 'choice input',
    items: [
      { id: 'huq3z8tuxmumghzu1tvdcxd9', content: 'Once a week' },
      { id: 'g1ceimdl36gwcfgzf8jpqsbg', content: 'Every 2 weeks' },
      { id: 'ky6khj0qwt2zteo8ffjg4xdc', outgoingEdgeId: 'pyh36n2t83a0ig4edaj461ho', content: 'Once a month' },
      { id: 'lz0kymgy0nlismoen7rr5mcf', outgoingEdgeId: 'cmv8ea1pfiwslctusogdkg9u', content: 'Every 2 months' },
      { id: 'oaqrb7n82xgzxxwgd12i4z43', outgoingEdgeId: 'blsd3tlps0jaq1mu6y91tuca', content: 'Every 3 months or more' },
    ],
  },
  px06vnhab1vs5vhfb3jmfl3l: text(
    'px06vnhab1vs5vhfb3jmfl3l',
    'Did you know that used sponges can harbor a significant number of bacteria if not replaced regularly?',
  ),
  gqechdy2jk2t6f241e5tetcf: text(
    'gqechdy2jk2t6f241e5tetcf',
    'We definitely suggest you to change your sponge more frequently ✨',
  ),
  luxwsvs9m89bmxh125iqa69p: text('luxwsvs9m89bmxh125iqa69p', "Now, let's talk about paper towels. 🧻"),
  e9u3rmjx2ta6kvrjz9ghsqkl: text('e9u3rmjx2ta6kvrjz9ghsqkl', 'How often would you say that you are ending a roll?'),
  yimucmlyxmz85pjsmm9953z8: {
    id: 'yimucmlyxmz85pjsmm9953z8',
    outgoingEdgeId: 'yeqwcskb3lut4m5838y64pp2',
    type: 'choice input',
    items: [
      { id: 'vywwo2km0q0j1fxu7kpgaaun', content: 'Once a week' },
      { id: 'wzg1uhu2hdgmkc7tps3wyo3e', content: 'Every 2 weeks' },
      { id: 'sdx6okf2a2jdypry8yd9vi81', content: 'Once a month' },
      { id: 'vva4hfgvpx5r3uzyumf2mpjj', content: 'Every 2 months' },
      { id: 'kvf1ev4hskteaopfnbzoy2xt', content: 'Every 3 months or more' },
    ],
  },
  b61hd7ow6brr7iyrt2ha608i: text(
    'b61hd7ow6brr7iyrt2ha608i',
    'Do you have any concerns or hesitations about switching to reusable INGA products?',
  ),
  ticb2wd6zydjn27p6r0m80vo: {
    id: 'ticb2wd6zydjn27p6r0m80vo',
    outgoingEdgeId: 'i8dgsa6vkrytpk21d5ko8nja',
    type: 'choice input',
    items: [
      { id: 'r4f918h8pxbpkyb2t3943f8h', content: 'Durability and Effectiveness' },
      { id: 'boe0nf1y87sf6o8klmo5sg81', content: 'One-time cost' },
      { id: 'udz9u4nhyg4zqh1qc6iwqi1x', content: 'Hygiene' },
      { id: 'uuhrshjb2hxgrs85nvk95uyq', content: 'Convenience' },
      { id: 'y9cmigd58j10u8bre90obxpp', content: 'Environmental Impact' },
      { id: 'mkubt8mqhwz34s7xqotbpaw0', content: 'Other' },
    ],
  },
  t7jzvg5f8s6z021u5izwwu89: text('t7jzvg5f8s6z021u5izwwu89', 'Thanks for sharing. 🙏'),
  cy8qtfy082jswfkn7o6e0y13: text('cy8qtfy082jswfkn7o6e0y13', 'Could you tell us more about that?'),
  n8qrxik30fxrh9dxa3xu5yvf: {
    id: 'n8qrxik30fxrh9dxa3xu5yvf',
    outgoingEdgeId: 'd0qydik94v0dda73gkpsxsht',
    type: 'text input',
    options: { isLong: true },
  },
  xkd14a6q6s5wz58des6d6ko7: text('xkd14a6q6s5wz58des6d6ko7', "That's super clear, thank you"),
  ha64vzgqtafz8xidc6jho08a: text(
    'ha64vzgqtafz8xidc6jho08a',
    'Feel free to check out our selection of reusable cleaning products. 🧽',
  ),
  z95sfiyhk4mk3y693ku9ugud: {
    id: 'z95sfiyhk4mk3y693ku9ugud',
    type: 'choice input',
    items: [{ id: 'vagoik95tnerdxebvdqghipf', content: 'Go shopping' }],
  },
  x1vhd8yhaeqew8x8wro4as8c: text(
    'x1vhd8yhaeqew8x8wro4as8c',
    'To keep a record of your carb calculations and for easy future reference, could you please provide your email address? ',
  ),
  uc36wedqizekyfyeckpy7hfi: text(
    'uc36wedqizekyfyeckpy7hfi',
    'This way, I can send you a personalized summary of your fueling plan. 📧',
  ),
  xwpzbigjxduvrno7e21f84wh: {
    id: 'xwpzbigjxduvrno7e21f84wh',
    outgoingEdgeId: 'xv6njl5ywntcj5rob2kr116u',
    type: 'email input',
    options: { variableId: 'k53o6d9neq13sujwfpfj6ohj' },
  },
} as const;

const { open, current } = conversationsOnTestServer();

test('savings-estimator: multiple choice, item edges, e-mail, then the openai block logs its missing credentials', async () => {
  const m = savings_estimator;
  const chat = await open('savings-estimator.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.gm8c2bzxouv5x74zohjdvuwk, m.pfsd7hh9kkzk7d41qh70cwpp],
        input: m.rpf1u0bigv1v1z9x2q7m7g27,
      }),
    ),
  );
  expect(pick(await chat.reply("Yes, let's go!"))).toEqual(
    ok(turn({ messages: [m.m6kz7rkv1ioe36n9dn7znep8], input: m.dufhivf25jztks3a52hdyo6s })),
  );
  expect(pick(await chat.reply('zzz'))).toEqual(ok(retry(m.dufhivf25jztks3a52hdyo6s)));
  expect(pick(await chat.reply('2 and dishes'))).toEqual(
    ok(
      turn({
        messages: [m.m9xp0uifcpbw6m9xx5ez4eo8],
        input: m.qiayx3hjmo5ef1n3w3uxux4g,
        lastMessageNewFormat: 'Bathroom - for sinks, showers, and tubs, dishes',
      }),
    ),
  );
  expect(pick(await chat.reply('Once a month'))).toEqual(
    ok(
      turn({
        messages: [
          m.px06vnhab1vs5vhfb3jmfl3l,
          m.gqechdy2jk2t6f241e5tetcf,
          m.luxwsvs9m89bmxh125iqa69p,
          m.e9u3rmjx2ta6kvrjz9ghsqkl,
        ],
        input: m.yimucmlyxmz85pjsmm9953z8,
      }),
    ),
  );
  expect(pick(await chat.reply('Every 2 weeks'))).toEqual(
    ok(turn({ messages: [m.x1vhd8yhaeqew8x8wro4as8c, m.uc36wedqizekyfyeckpy7hfi], input: m.xwpzbigjxduvrno7e21f84wh })),
  );
  expect(pick(await chat.reply('me@home'))).toEqual(
    ok(retry(m.xwpzbigjxduvrno7e21f84wh, "This email doesn't seem to be valid. Can you type it again?")),
  );
});

test('savings-estimator: after the e-mail, Transcript is set silently (session-only) and the openai block logs its missing credentials', async () => {
  const m = savings_estimator;
  const chat = await open('savings-estimator.json');
  await chat.start();
  await chat.reply("Yes, let's go!");
  await chat.reply('Kitchen - for dishes, counter, and appliances');
  await chat.reply('Once a month');
  expect(pick(await chat.reply('Every 2 weeks'))).toEqual(
    ok(turn({ messages: [m.x1vhd8yhaeqew8x8wro4as8c, m.uc36wedqizekyfyeckpy7hfi], input: m.xwpzbigjxduvrno7e21f84wh })),
  );
  // "{{AI Gen}}" alone in its paragraph, without a value: no nodes (docs/engine-behaviour.md#rich-text)
  expect(pick(await chat.reply('me@home.org'))).toEqual(
    ok(
      turn({
        messages: [
          { id: 'mlwonw3gl6trzensgoxfdiqw', type: 'text', content: { type: 'richText', richText: [] } },
          m.b61hd7ow6brr7iyrt2ha608i,
        ],
        input: m.ticb2wd6zydjn27p6r0m80vo,
        logs: [missingCredentialsLog('openai')],
      }),
    ),
  );
  // The Transcript block (first of "Gen AI") saw every bubble (as markdown) and every answer so far (docs/engine-behaviour.md#transcript).
  const session = await current().db.chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
  const variables = (
    session.state as { queue: { variables: { id: string; value?: unknown; isSessionVariable?: boolean }[] }[] }
  ).queue[0]!.variables;
  expect(variables.find((variable) => variable.id === 'vig2qkffhfib01ptwfp5lxhgq')).toEqual({
    id: 'vig2qkffhfib01ptwfp5lxhgq',
    name: 'Transcript',
    isSessionVariable: true,
    value: [
      'Assistant: "Hi there! Are you curious to see how much you can save by switching to reusable sponges and paper towels? 🌱"',
      'Assistant: "Let\'s find out together!"',
      'User: "Yes, let\'s go!"',
      'Assistant: "Where do you typically use sponges in your house?"',
      'User: "Kitchen - for dishes, counter, and appliances"',
      'Assistant: "How often would you say that you are throwing a sponge away?"',
      'User: "Once a month"',
      'Assistant: "Did you know that used sponges can harbor a significant number of bacteria if not replaced regularly?"',
      'Assistant: "We definitely suggest you to change your sponge more frequently ✨"',
      'Assistant: "Now, let\'s talk about paper towels. 🧻"',
      'Assistant: "How often would you say that you are ending a roll?"',
      'User: "Every 2 weeks"',
      'Assistant: "To keep a record of your carb calculations and for easy future reference, could you please provide your email address? "',
      'Assistant: "This way, I can send you a personalized summary of your fueling plan. 📧"',
      'User: "me@home.org"',
    ].join('\n\n'),
  });
});
