import { column, link, say, type BotTemplate } from './definition';
import { starterTheme } from './theme';

// Asks who the visitor is and what they came for: the answers land in Name,
// Email and Interest, where the Results tab shows them as columns.

export const leadCapture: BotTemplate = {
  id: 'lead-capture',
  name: 'Lead capture',
  description: 'Collects a name and an e-mail, then asks what the visitor is after.',
  definition: {
    version: '6.1',
    name: 'Lead capture',
    events: [{ id: 'lc-start', type: 'start', graphCoordinates: column(-1, 40), outgoingEdgeId: 'lc-e-start' }],
    groups: [
      {
        id: 'lc-welcome',
        title: 'Welcome',
        graphCoordinates: column(0),
        blocks: [
          say('lc-hello', 'Hi there 👋 Thanks for stopping by!'),
          say('lc-ask-name', "Before we start, what's your name?"),
          {
            id: 'lc-name',
            type: 'text input',
            options: { variableId: 'lc_v_name', labels: { placeholder: 'Your name' } },
            outgoingEdgeId: 'lc-e-contact',
          },
        ],
      },
      {
        id: 'lc-contact',
        title: 'Contact',
        graphCoordinates: column(1),
        blocks: [
          say('lc-ask-email', 'Nice to meet you, {{Name}}! Which e-mail address should we use to reach you?'),
          {
            id: 'lc-email',
            type: 'email input',
            options: { variableId: 'lc_v_email', labels: { placeholder: 'you@company.com' } },
          },
          say('lc-ask-interest', 'And what brings you here today?'),
          {
            id: 'lc-interest',
            type: 'choice input',
            options: { variableId: 'lc_v_interest' },
            items: [
              { id: 'lc-demo-choice', content: 'Book a demo', outgoingEdgeId: 'lc-e-demo' },
              { id: 'lc-browse-choice', content: 'Just looking around', outgoingEdgeId: 'lc-e-browse' },
            ],
          },
        ],
      },
      {
        id: 'lc-demo',
        title: 'Demo',
        graphCoordinates: column(2, -140),
        blocks: [
          say(
            'lc-demo-reply',
            'Great choice! Someone from our team will write to {{Email}} within one business day to find a time.',
            'lc-e-demo-thanks',
          ),
        ],
      },
      {
        id: 'lc-browse',
        title: 'Browsing',
        graphCoordinates: column(2, 180),
        blocks: [
          say(
            'lc-browse-reply',
            "No problem! We'll send a short getting-started guide to {{Email}}. No spam, promise.",
            'lc-e-browse-thanks',
          ),
        ],
      },
      {
        id: 'lc-thanks',
        title: 'Thank you',
        graphCoordinates: column(3),
        blocks: [say('lc-bye', 'Thank you, {{Name}}! Talk soon 🙌')],
      },
    ],
    edges: [
      link('lc-e-start', { eventId: 'lc-start' }, 'lc-welcome'),
      link('lc-e-contact', { blockId: 'lc-name' }, 'lc-contact'),
      link('lc-e-demo', { blockId: 'lc-interest', itemId: 'lc-demo-choice' }, 'lc-demo'),
      link('lc-e-browse', { blockId: 'lc-interest', itemId: 'lc-browse-choice' }, 'lc-browse'),
      link('lc-e-demo-thanks', { blockId: 'lc-demo-reply' }, 'lc-thanks'),
      link('lc-e-browse-thanks', { blockId: 'lc-browse-reply' }, 'lc-thanks'),
    ],
    variables: [
      { id: 'lc_v_name', name: 'Name' },
      { id: 'lc_v_email', name: 'Email' },
      { id: 'lc_v_interest', name: 'Interest' },
    ],
    theme: starterTheme(),
    settings: {},
  },
};
