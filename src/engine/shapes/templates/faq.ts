import { column, link, say, type BotTemplate, type TemplateEdge, type TemplateGroup } from './definition';
import { starterTheme } from './theme';

// A menu of the questions a shop hears most. Every answer offers the menu
// again or moves on to "anything else?", so no visitor hits a dead end.

const ANSWERS = [
  {
    key: 'hours',
    question: 'When are you open?',
    answer: "We're open Monday to Friday, 9:00 to 18:00, and Saturday mornings from 10:00 to 13:00.",
  },
  {
    key: 'shipping',
    question: 'How long does delivery take?',
    answer: 'Orders leave our warehouse within 24 hours and usually arrive in 2 to 4 working days.',
  },
  {
    key: 'returns',
    question: 'Can I return an item?',
    answer: 'Yes: you have 30 days to send an item back, unused and in its box. Refunds reach you within a week.',
  },
  {
    key: 'human',
    question: 'Can I talk to a person?',
    answer: 'Of course! Write to **support@example.com** and a real human will answer within one working day.',
  },
] as const;

const answerGroups: TemplateGroup[] = ANSWERS.map(({ key, question, answer }, index) => ({
  id: `faq-${key}`,
  title: question,
  graphCoordinates: column(2, -420 + index * 280),
  blocks: [
    say(`faq-${key}-answer`, answer),
    {
      id: `faq-${key}-next`,
      type: 'choice input',
      items: [
        { id: `faq-${key}-menu`, content: 'Another question', outgoingEdgeId: `faq-e-${key}-menu` },
        { id: `faq-${key}-done`, content: "That's all", outgoingEdgeId: `faq-e-${key}-done` },
      ],
    },
  ],
}));

const answerEdges: TemplateEdge[] = ANSWERS.flatMap(({ key }) => [
  link(`faq-e-${key}`, { blockId: 'faq-questions', itemId: `faq-q-${key}` }, `faq-${key}`),
  link(`faq-e-${key}-menu`, { blockId: `faq-${key}-next`, itemId: `faq-${key}-menu` }, 'faq-menu'),
  link(`faq-e-${key}-done`, { blockId: `faq-${key}-next`, itemId: `faq-${key}-done` }, 'faq-more'),
]);

export const faqWithButtons: BotTemplate = {
  id: 'faq',
  name: 'FAQ with buttons',
  description: 'Answers four common questions from a menu of buttons.',
  definition: {
    version: '6.1',
    name: 'FAQ with buttons',
    events: [{ id: 'faq-start', type: 'start', graphCoordinates: column(-1, 40), outgoingEdgeId: 'faq-e-start' }],
    groups: [
      {
        id: 'faq-welcome',
        title: 'Welcome',
        graphCoordinates: column(0),
        blocks: [say('faq-hello', "Hello! 👋 I can answer the questions we're asked most often.", 'faq-e-welcome')],
      },
      {
        id: 'faq-menu',
        title: 'Menu',
        graphCoordinates: column(1),
        blocks: [
          say('faq-ask', 'What would you like to know?'),
          {
            id: 'faq-questions',
            type: 'choice input',
            options: { variableId: 'faq_v_topic' },
            items: ANSWERS.map(({ key, question }) => ({
              id: `faq-q-${key}`,
              content: question,
              outgoingEdgeId: `faq-e-${key}`,
            })),
          },
        ],
      },
      ...answerGroups,
      {
        id: 'faq-more',
        title: 'Anything else?',
        graphCoordinates: column(3),
        blocks: [
          say('faq-more-ask', 'Is there anything else I can help you with?'),
          {
            id: 'faq-more-choice',
            type: 'choice input',
            items: [
              { id: 'faq-more-yes', content: 'Yes, please', outgoingEdgeId: 'faq-e-more-yes' },
              { id: 'faq-more-no', content: "No, I'm all set", outgoingEdgeId: 'faq-e-more-no' },
            ],
          },
        ],
      },
      {
        id: 'faq-bye',
        title: 'Goodbye',
        graphCoordinates: column(4),
        blocks: [say('faq-bye-text', 'Glad I could help. Have a lovely day! ☀️')],
      },
    ],
    edges: [
      link('faq-e-start', { eventId: 'faq-start' }, 'faq-welcome'),
      link('faq-e-welcome', { blockId: 'faq-hello' }, 'faq-menu'),
      ...answerEdges,
      link('faq-e-more-yes', { blockId: 'faq-more-choice', itemId: 'faq-more-yes' }, 'faq-menu'),
      link('faq-e-more-no', { blockId: 'faq-more-choice', itemId: 'faq-more-no' }, 'faq-bye'),
    ],
    variables: [{ id: 'faq_v_topic', name: 'Topic' }],
    theme: starterTheme(),
    settings: {},
  },
};
