import { conversationsOnTestServer, b, ok, p, pick, text } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the quick-carb-calculator fixture bot
// (test/fixtures/bots/quick-carb-calculator.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const quick_carb_calculator = {
  vivxy8mvydql0e5u6tecpx1q: text('vivxy8mvydql0e5u6tecpx1q', 'Welcome to the Quick Carb Calculator!'),
  dcopvbfbdvhq0te4g760pgn2: text(
    'dcopvbfbdvhq0te4g760pgn2',
    " I'll help you figure out how much fuel you'll need to perform at your best. Let's get started! 🚴‍♂️🏃",
  ),
  jdvfdtxzdce1busleqs9ure0: text('jdvfdtxzdce1busleqs9ure0', 'First, what are you fueling for?'),
  yura2cvzxy8qea4x1m71ulcy: {
    id: 'yura2cvzxy8qea4x1m71ulcy',
    outgoingEdgeId: 'gnwha6pow6q6occm6gn3d9o3',
    type: 'choice input',
    items: [
      { id: 'omopw9oy3srowddb0o3f4xs5', content: 'Swim 🏊‍♂️' },
      { id: 'anpwbn8hvolyod2vsh06et68', content: 'Ride 🚴‍♂️' },
      { id: 'uto1ghh5c6icwygszercxybz', content: 'Run 🏃' },
      { id: 'sau0amab8nmeqfqyhhzle03v', content: 'Triathlon 🏊‍♂️🚴‍♂️🏃' },
      { id: 'tqvjhk0qmvn43h5hyc9ibdd3', content: 'Swimrun 🏊‍♂️🏃' },
      { id: 'mu0m5v7m55vfikbs29lpcm3h', outgoingEdgeId: 'hbh8d8q39wzgy1foclpy15s2', content: 'Other' },
    ],
    options: { variableId: 'vc5qxl1y2rzmy7uqeasq8bd3q' },
  },
  lglw9gtixolxnch9sqy4djyj: text('lglw9gtixolxnch9sqy4djyj', 'What sport?'),
  hcp2ebjsxmzjydpp6qkym5fo: {
    id: 'hcp2ebjsxmzjydpp6qkym5fo',
    outgoingEdgeId: 'pow7libu0danm0n84k5dvrh2',
    type: 'text input',
    options: { variableId: 'vc5qxl1y2rzmy7uqeasq8bd3q' },
  },
  gt4pnocv289vzg7lbrqvuld6: text('gt4pnocv289vzg7lbrqvuld6', 'Great! How long will you be doing this activity?'),
  je03xo9p9vipnvw07y859ng7: {
    id: 'je03xo9p9vipnvw07y859ng7',
    outgoingEdgeId: 'ee0zj9456t8oj1cbgn0d5pci',
    type: 'text input',
    options: { variableId: 'veiz4m7fe9er6k5qy676qwhfb' },
  },
  zm8sjanqyezg1pk427t1ywph: text('zm8sjanqyezg1pk427t1ywph', 'Understood! Now, how hard will you be going?'),
  zxvlig3wytb4n7s81prfszau: {
    id: 'zxvlig3wytb4n7s81prfszau',
    outgoingEdgeId: 'r0sy9h8oux00p1pqkuczhg9n',
    type: 'rating input',
    options: {
      variableId: 'vprpht8foqzxv4bs8hlozqoq7',
      length: 7,
      startsAt: 1,
      labels: { left: 'Easy', right: 'Racing' },
    },
  },
  ro1y65vqxcozqxla4ghgrvs1: text(
    'ro1y65vqxcozqxla4ghgrvs1',
    'To keep a record of your carb calculations and for easy future reference, could you please provide your email address? ',
  ),
  u9vbh5h4009ujs3a2meknec5: text(
    'u9vbh5h4009ujs3a2meknec5',
    'This way, I can send you a personalized summary of your fueling plan. 📧',
  ),
  prd6ni8tnjoi62tj29dnthlj: {
    id: 'prd6ni8tnjoi62tj29dnthlj',
    outgoingEdgeId: 'd7ihuksdgn0gdqm7138xnzf4',
    type: 'email input',
    options: { variableId: 'vb0jqpcdbqr7c2fq1ijs7j3wt' },
  },
  q7w7wypml8fpoqmrwdyv5zfm: text(
    'q7w7wypml8fpoqmrwdyv5zfm',
    "Now that you know how many carbs you'll need, would you like to check out our selection of top-rated carbohydrate gels and other fueling products? 🛒",
  ),
  g0nd8jfs64h90lxy41ztufkf: {
    id: 'g0nd8jfs64h90lxy41ztufkf',
    type: 'choice input',
    items: [{ id: 'y7w3u1i6np6umnwxfs7u7x4a', outgoingEdgeId: 'nnaxabsjpk161s6kygdxm68k', content: 'Go shopping' }],
  },
  jl3b2nltipe5b5ejtqbfgx9j: text(
    'jl3b2nltipe5b5ejtqbfgx9j',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  mnakzjvql9qrsctwscctzx74: text(
    'mnakzjvql9qrsctwscctzx74',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Sport group'), ' 🚀'),
  ),
} as const;

const { open } = conversationsOnTestServer();

test('quick-carb-calculator: credentials group then end', async () => {
  const m = quick_carb_calculator;
  const chat = await open('quick-carb-calculator.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.jl3b2nltipe5b5ejtqbfgx9j, m.mnakzjvql9qrsctwscctzx74], withResultId: false })),
  );
  await chat.expectEnded();
});
