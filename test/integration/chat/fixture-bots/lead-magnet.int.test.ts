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

// A conversation over real HTTP with the lead-magnet fixture bot
// (test/fixtures/bots/lead-magnet.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const lead_magnet = {
  uaks8b01ec3fln8g5iq9gnv7: text('uaks8b01ec3fln8g5iq9gnv7', 'Hi there! 👋'),
  iy9brewiabfhv7ctsvdd5fg6: text(
    'iy9brewiabfhv7ctsvdd5fg6',
    p('Sign up for the newsletter and ', b("get free access to our exclusive 'Community Bundle'.")),
  ),
  immlrmjc0tnvc0rd1552c0ey: text(
    'immlrmjc0tnvc0rd1552c0ey',
    'This bundle helps you create the best Community possible for your project.',
  ),
  i1pv6t8sj9wdzoheplwj1cnr: text('i1pv6t8sj9wdzoheplwj1cnr', "What's your name?"),
  uocaxxtg26btl2zytwy09jh9: {
    id: 'uocaxxtg26btl2zytwy09jh9',
    outgoingEdgeId: 'rczh7k3r065okzax6za00lvh',
    type: 'text input',
    options: { labels: { placeholder: 'Your first name' }, variableId: 'vyu4paeim4jcjgmxr26bdk286' },
  },
  pcx0bo7egsq3il16707mkuzc: text(
    'pcx0bo7egsq3il16707mkuzc',
    p('Ok, ', 'Ada', '. What email would you like to sign up with?'),
  ),
  nu9ibw4r4q9piwl3b308bezp: {
    id: 'nu9ibw4r4q9piwl3b308bezp',
    type: 'email input',
    options: { variableId: 'vrhd0bug6b6dzgijevfoonvo2' },
    outgoingEdgeId: 'dxj0x2miwwkxsesp4chyjqek',
  },
  o6helbp9c682dur5e8bt9yov: text('o6helbp9c682dur5e8bt9yov', "What's your goal with the community?"),
  wq7yofni4bqr9rt5qrzk6928: {
    id: 'wq7yofni4bqr9rt5qrzk6928',
    outgoingEdgeId: 'on3al6xuczmckpu3roboo9te',
    type: 'choice input',
    items: [
      { id: 'ux0ly8ocxfm8i8ivdbwjnmnt', content: 'Win loyal fans' },
      { id: 'izz0nwo2iy2kmlif5fav2oc5', content: 'Competitive advantage' },
      { id: 'jtkx9v5uqjw84hapq3umqlb5', content: 'Better product' },
      { id: 'k7a7rkpoigrtrulilap7q6fw', content: 'Support' },
    ],
    options: { variableId: 'vf49immob0ih3kxn5b0nraqkq' },
  },
  tfqqveo72xt7i7ii9imztcd4: text(
    'tfqqveo72xt7i7ii9imztcd4',
    'Perfect, your bundle will be emailed to you right away 🚀',
  ),
  dzcw0vwo23vhp2nwyxl99va8: text('dzcw0vwo23vhp2nwyxl99va8', 'Want to know how to win loyal fans?'),
  yh8ueuio717ceybrcsqa1ekq: text('yh8ueuio717ceybrcsqa1ekq', 'Check out this video:'),
  z3ffqugex7gipsb4ke6ov874: {
    id: 'z3ffqugex7gipsb4ke6ov874',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  anu87wo53n3ihq4xl8smprwg: text(
    'anu87wo53n3ihq4xl8smprwg',
    'Want to know how to have a great competitive advantage with your community?',
  ),
  ku2scubf21eqnip3ig3rc7n9: text('ku2scubf21eqnip3ig3rc7n9', 'Check out this video:'),
  rvdh4tk0ebg7t9tdga9aw8ao: {
    id: 'rvdh4tk0ebg7t9tdga9aw8ao',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  ysedrtj5q17usk5ezpa5g88e: text(
    'ysedrtj5q17usk5ezpa5g88e',
    'Want to know how to improve your product by leveraging a community?',
  ),
  xy08sticb76u82sgcfaeqpe2: text('xy08sticb76u82sgcfaeqpe2', 'Check out this video:'),
  jiz2uvo89456jpy081hazkd4: {
    id: 'jiz2uvo89456jpy081hazkd4',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  lu0bevnjfkor1ugbnbkev7t3: text('lu0bevnjfkor1ugbnbkev7t3', 'Want to offer better support with a community?'),
  jrhdfrdn4gdstpktq1q0gk1q: text('jrhdfrdn4gdstpktq1q0gk1q', 'Check out this video:'),
  e3tlj1y4vyhtwcabzifv63q2: {
    id: 'e3tlj1y4vyhtwcabzifv63q2',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
} as const;

const { open } = conversationsOnTestServer();

test('lead-magnet: the Email block without SMTP settings logs it and the flow goes on, condition on the chosen goal, YouTube video', async () => {
  const m = lead_magnet;
  const chat = await open('lead-magnet.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.uaks8b01ec3fln8g5iq9gnv7,
          m.iy9brewiabfhv7ctsvdd5fg6,
          m.immlrmjc0tnvc0rd1552c0ey,
          m.i1pv6t8sj9wdzoheplwj1cnr,
        ],
        input: m.uocaxxtg26btl2zytwy09jh9,
      }),
    ),
  );
  expect(pick(await chat.reply('Ada'))).toEqual(
    ok(turn({ messages: [m.pcx0bo7egsq3il16707mkuzc], input: m.nu9ibw4r4q9piwl3b308bezp })),
  );
  expect(pick(await chat.reply('ada at example'))).toEqual(ok(retry(m.nu9ibw4r4q9piwl3b308bezp, EMAIL_RETRY)));
  expect(pick(await chat.reply('ada@example.com'))).toEqual(
    ok(
      turn({
        messages: [m.o6helbp9c682dur5e8bt9yov],
        input: m.wq7yofni4bqr9rt5qrzk6928,
        // Missing credentials are said to the visitor too: the reference hides only four outcome descriptions.
        logs: [
          { status: 'error', description: 'No credentials found, make sure to configure your SMTP provider properly' },
        ],
      }),
    ),
  );
  expect(pick(await chat.reply('Nothing'))).toEqual(ok(retry(m.wq7yofni4bqr9rt5qrzk6928)));
  expect(pick(await chat.reply('Support'))).toEqual(
    ok(
      turn({
        messages: [
          m.tfqqveo72xt7i7ii9imztcd4,
          m.lu0bevnjfkor1ugbnbkev7t3,
          m.jrhdfrdn4gdstpktq1q0gk1q,
          // Video URLs: a youtube.com/watch URL is reduced to its matched part (only youtu.be links carry queryParamsStr);
          {
            id: 'e3tlj1y4vyhtwcabzifv63q2',
            type: 'video',
            content: { type: 'youtube', id: 'jp3ggg_42-M', url: 'youtube.com/watch?v=jp3ggg_42-M' },
          },
        ],
      }),
    ),
  );
  await chat.expectEnded();
});
