import { conversationsOnTestServer, b, ok, p, pick, text } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the high-ticket-lead-follow-up fixture bot
// (test/fixtures/bots/high-ticket-lead-follow-up.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const high_ticket_lead_follow_up = {
  j4i5syifxmq7650xfz8bnd1o: text('j4i5syifxmq7650xfz8bnd1o', 'Hey there 👋'),
  w0a7mlbjj0ryfbfpukf3yj89: text('w0a7mlbjj0ryfbfpukf3yj89', 'Baptiste from AgenZ here.'),
  n9sc6rrsb49jqwzv7udqr4c9: text('n9sc6rrsb49jqwzv7udqr4c9', 'Thank you for downloading the ebook!'),
  le64m3unjanvtuchvc8q5k2g: text('le64m3unjanvtuchvc8q5k2g', 'I have a few questions, do you have a minute?'),
  nq6t2hj5fnokmtjnse65hbtg: {
    id: 'nq6t2hj5fnokmtjnse65hbtg',
    type: 'choice input',
    items: [{ id: 'g1g24q5d198iv7gtqm5ics7k', outgoingEdgeId: 'ybsw3vxq9dubcsfnlrf54a7p', content: 'Sure!' }],
  },
  rowpy0lwuecc83xecbb8tzcn: text('rowpy0lwuecc83xecbb8tzcn', 'Awesome!'),
  jucfgkm87gptw5fbqkq6qk7d: text('jucfgkm87gptw5fbqkq6qk7d', "What's your current business?"),
  aaxyzry2gknzkb3n1vy19vh3: {
    id: 'aaxyzry2gknzkb3n1vy19vh3',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq', isLong: true },
  },
  x7jrbbl5ria15ru7fsdpagzm: text('x7jrbbl5ria15ru7fsdpagzm', '{{Assistant message}}'),
  ytr05wecrwgwsikldha4qvf4: text('ytr05wecrwgwsikldha4qvf4', '{{Assistant message}}'),
  io8uxdkwwetdj0pxhq17k5yl: text(
    'io8uxdkwwetdj0pxhq17k5yl',
    "To give me an idea, what's your average revenue per year?",
  ),
  az31puebiu8jqql6g6goigox: {
    id: 'az31puebiu8jqql6g6goigox',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq' },
  },
  htbzhd7dzgh9ki2n2jzd6rf8: text('htbzhd7dzgh9ki2n2jzd6rf8', '{{Assistant message}}'),
  zjq6mhd46kjltwrthqpdsn1a: text('zjq6mhd46kjltwrthqpdsn1a', '{{Assistant message}}'),
  qr8arjing6afyxfbwgru2qv7: text('qr8arjing6afyxfbwgru2qv7', 'So why are you interested in SEO right now?'),
  cfrzcq8ik59r2ch1rn0vkacn: {
    id: 'cfrzcq8ik59r2ch1rn0vkacn',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq', isLong: true },
  },
  m8rkhpa1qqhy79jappfseu86: text('m8rkhpa1qqhy79jappfseu86', '{{Assistant message}}'),
  n8i5dsuppyls7gry3vv1ruzu: text(
    'n8i5dsuppyls7gry3vv1ruzu',
    'Would you be up for a quick meeting?',
    '',
    'I can offer you a free consulting call.',
  ),
  ouyz1d539vr5hck6cthmszg6: text('ouyz1d539vr5hck6cthmszg6', '<INSERT YOUR CAL.COM BLOCK HERE>'),
  j87l3ef5tpji9lpqeb1x1jab: text(
    'j87l3ef5tpji9lpqeb1x1jab',
    'You need to add your Mistral AI credentials to make this bot work. 🪄',
  ),
  xsfpajnunr48xf9niv1zuoiv: text(
    'xsfpajnunr48xf9niv1zuoiv',
    'You can also convert the Mistral blocks to any AI compatible blocks.',
  ),
  fwrkxexujzmud7p02ehm8s79: text(
    'fwrkxexujzmud7p02ehm8s79',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Intro'), ' 🚀'),
  ),
} as const;

const { open } = conversationsOnTestServer();

test('high-ticket-lead-follow-up: the start edge leads to the "credentials needed" group, the flow ends at once', async () => {
  const m = high_ticket_lead_follow_up;
  const chat = await open('high-ticket-lead-follow-up.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.j87l3ef5tpji9lpqeb1x1jab, m.xsfpajnunr48xf9niv1zuoiv, m.fwrkxexujzmud7p02ehm8s79],
        withResultId: false,
      }),
    ),
  );
  await chat.expectEnded();
});
