import { conversationsOnTestServer, ok, pick, retry, text } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the movie-recommendation fixture bot
// (test/fixtures/bots/movie-recommendation.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const movie_recommendation = {
  f5rr5wi9zldun13tw79u9z2n: text('f5rr5wi9zldun13tw79u9z2n', 'Welcome to our film recommendation bot 👋'),
  c7swi84rmdvrul0wz5kxtplm: {
    id: 'c7swi84rmdvrul0wz5kxtplm',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/BElb9DVpHezcZufOhl/giphy-downsized.gif?cid=fe3852a3uwhsp1sc3j6avr625v5e94h1v8o3wfb1ii3xwswk&rid=giphy-downsized.gif&ct=g',
    },
  },
  nlihfc4ptxnxoktqblh6mcql: text('nlihfc4ptxnxoktqblh6mcql', 'It is powered by The Movie DB API 🚀'),
  vr73urm54d9mq2oqg7ey1xh8: {
    id: 'vr73urm54d9mq2oqg7ey1xh8',
    type: 'image',
    content: {
      url: 'https://www.themoviedb.org/assets/2/v4/logos/v2/blue_square_1-5bdc75aaebeb75dc7ae79426ddd9be3b2be1e342510f8202baf6bffa71d7f5c4.svg',
    },
  },
  g5yyuh9g75x7xa7fgqhhi1zz: text('g5yyuh9g75x7xa7fgqhhi1zz', 'How can I we help?'),
  tzf45bvd8iquoxz7qgta8v94: {
    id: 'tzf45bvd8iquoxz7qgta8v94',
    type: 'choice input',
    items: [
      { id: 'kaimvzg9igdtktgou5m3s1bw', outgoingEdgeId: 't8qyjpigrz7cdl8gxl1wxlwj', content: 'Select a genre 💅' },
      { id: 'i8ls2f8inq2ovuijj6l7rbcq', outgoingEdgeId: 'tjn2ljosqyd4aj9dk8mnifsu', content: "See what's trending 🔝" },
    ],
  },
  ecwz96cghzp4ji3lyx7taxt1: text('ecwz96cghzp4ji3lyx7taxt1', 'Sure!'),
  qeyvu7uq5tkvo7uo8iaj87z5: text('qeyvu7uq5tkvo7uo8iaj87z5', 'Select your desired genre 👇'),
  nwuk2clo78hmnh4d0g31u9xg: {
    id: 'nwuk2clo78hmnh4d0g31u9xg',
    type: 'choice input',
    items: [{ id: 'ri3avm9p0i96p8gx4028b6ye', content: 'Click to edit' }],
    options: { variableId: 'vkmbb3rb2hcfd2io1fhf7rz5x', dynamicVariableId: 'vx0bbqzug4vk3zpc31ly8k7al' },
  },
  edokvbp15ubqeuydw9n7wf4w: text('edokvbp15ubqeuydw9n7wf4w', 'Sure!'),
  ruhgtbpv18cy2g5ujavljkku: text('ruhgtbpv18cy2g5ujavljkku', 'Here are popular movies this week 👇'),
  krcvvncnqtn99v0qe1dzudrk: {
    id: 'krcvvncnqtn99v0qe1dzudrk',
    type: 'choice input',
    items: [{ id: 'dicb6lnv5kapkq0tygnx1abh', content: 'Click to edit' }],
    options: { variableId: 'vulnb1om2fk8mvkcesl8s15cr', dynamicVariableId: 'vkzk96oh1pmdjv2bt5ps60qc0' },
  },
  tr5y76tx9ca336f8ob9odfa6: {
    id: 'tr5y76tx9ca336f8ob9odfa6',
    type: 'choice input',
    items: [{ id: 'uy2xwxoqhqol852cqsq17r9l', content: 'Click to edit' }],
    options: { variableId: 'vyyr3j2pu76uzvf88laai8snl', dynamicVariableId: 'vad8vq3jfyybxo4la57hfd529' },
  },
  ve9m7fromxw4tbm8558n8520: text('ve9m7fromxw4tbm8558n8520', 'Excellent choice 🔥'),
  yifjhiamifo1y4ay7vols0mm: {
    id: 'yifjhiamifo1y4ay7vols0mm',
    type: 'choice input',
    items: [
      { id: 'n4818dnrb4arw1xh5v0ot8vz', outgoingEdgeId: 'fteu5frsbj8wejfhhwzuv8t1', content: 'Watch the movie' },
      { id: 'j9d1pf2tndax0itezys7t73c', outgoingEdgeId: 'zb79atxs2itliks4d00e35uy', content: 'Find something else' },
    ],
  },
} as const;

const { open } = conversationsOnTestServer();

test('movie-recommendation: menu with images', async () => {
  const m = movie_recommendation;
  const chat = await open('movie-recommendation.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.f5rr5wi9zldun13tw79u9z2n,
          m.c7swi84rmdvrul0wz5kxtplm,
          m.nlihfc4ptxnxoktqblh6mcql,
          m.vr73urm54d9mq2oqg7ey1xh8,
          m.g5yyuh9g75x7xa7fgqhhi1zz,
        ],
        input: m.tzf45bvd8iquoxz7qgta8v94,
      }),
    ),
  );
  expect(pick(await chat.reply('Trending'))).toEqual(ok(retry(m.tzf45bvd8iquoxz7qgta8v94)));
});
