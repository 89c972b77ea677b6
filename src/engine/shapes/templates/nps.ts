import { column, link, say, type BotTemplate } from './definition';
import { starterTheme } from './theme';

// Net Promoter Score: 9–10 are promoters, 0–6 detractors, 7–8 passives. The
// score and the reason land in Score and Reason; Category names the segment so
// the Results tab can be filtered by it.

export const npsSurvey: BotTemplate = {
  id: 'nps',
  name: 'NPS survey',
  description: 'Asks for a 0–10 score and follows up differently with fans and critics.',
  definition: {
    version: '6.1',
    name: 'NPS survey',
    events: [{ id: 'nps-start', type: 'start', graphCoordinates: column(-1, 40), outgoingEdgeId: 'nps-e-start' }],
    groups: [
      {
        id: 'nps-question',
        title: 'Score',
        graphCoordinates: column(0),
        blocks: [
          say('nps-hello', "Hi! Could you spare 30 seconds? We'd love your feedback."),
          say('nps-ask', 'How likely are you to recommend us to a friend or colleague?'),
          {
            id: 'nps-rating',
            type: 'rating input',
            options: {
              variableId: 'nps_v_score',
              buttonType: 'Numbers',
              length: 10,
              startsAt: 0,
              labels: { left: 'Not likely at all', right: 'Extremely likely' },
              isOneClickSubmitEnabled: true,
            },
            outgoingEdgeId: 'nps-e-sort',
          },
        ],
      },
      {
        id: 'nps-sort',
        title: 'Sort by score',
        graphCoordinates: column(1),
        blocks: [
          {
            id: 'nps-condition',
            type: 'Condition',
            items: [
              {
                id: 'nps-if-promoter',
                outgoingEdgeId: 'nps-e-promoter',
                content: {
                  logicalOperator: 'AND',
                  comparisons: [
                    {
                      id: 'nps-c-promoter',
                      variableId: 'nps_v_score',
                      comparisonOperator: 'Greater or equal to',
                      value: '9',
                    },
                  ],
                },
              },
              {
                id: 'nps-if-detractor',
                outgoingEdgeId: 'nps-e-detractor',
                content: {
                  logicalOperator: 'AND',
                  comparisons: [
                    {
                      id: 'nps-c-detractor',
                      variableId: 'nps_v_score',
                      comparisonOperator: 'Less or equal to',
                      value: '6',
                    },
                  ],
                },
              },
            ],
            // Neither 9+ nor 6-: a 7 or an 8.
            outgoingEdgeId: 'nps-e-passive',
          },
        ],
      },
      {
        id: 'nps-promoter',
        title: 'Promoter',
        graphCoordinates: column(2, -260),
        blocks: [
          {
            id: 'nps-set-promoter',
            type: 'Set variable',
            options: { variableId: 'nps_v_category', expressionToEvaluate: 'Promoter' },
          },
          say('nps-promoter-thanks', "That's wonderful to hear, thank you! 🎉", 'nps-e-promoter-end'),
        ],
      },
      {
        id: 'nps-detractor',
        title: 'Detractor',
        graphCoordinates: column(2, 20),
        blocks: [
          {
            id: 'nps-set-detractor',
            type: 'Set variable',
            options: { variableId: 'nps_v_category', expressionToEvaluate: 'Detractor' },
          },
          say('nps-detractor-ask', "We're sorry we let you down. What's the main reason for your score?"),
          {
            id: 'nps-detractor-reason',
            type: 'text input',
            options: { variableId: 'nps_v_reason', isLong: true, labels: { placeholder: 'Tell us what went wrong…' } },
            outgoingEdgeId: 'nps-e-detractor-end',
          },
        ],
      },
      {
        id: 'nps-passive',
        title: 'Passive',
        graphCoordinates: column(2, 320),
        blocks: [
          {
            id: 'nps-set-passive',
            type: 'Set variable',
            options: { variableId: 'nps_v_category', expressionToEvaluate: 'Passive' },
          },
          say('nps-passive-ask', 'Thanks! What would it take for us to earn a 10?'),
          {
            id: 'nps-passive-reason',
            type: 'text input',
            options: { variableId: 'nps_v_reason', isLong: true, labels: { placeholder: 'Your suggestion…' } },
            outgoingEdgeId: 'nps-e-passive-end',
          },
        ],
      },
      {
        id: 'nps-thanks',
        title: 'Thank you',
        graphCoordinates: column(3),
        blocks: [say('nps-bye', 'Thanks for your feedback: it helps us get better every week. 💙')],
      },
    ],
    edges: [
      link('nps-e-start', { eventId: 'nps-start' }, 'nps-question'),
      link('nps-e-sort', { blockId: 'nps-rating' }, 'nps-sort'),
      link('nps-e-promoter', { blockId: 'nps-condition', itemId: 'nps-if-promoter' }, 'nps-promoter'),
      link('nps-e-detractor', { blockId: 'nps-condition', itemId: 'nps-if-detractor' }, 'nps-detractor'),
      link('nps-e-passive', { blockId: 'nps-condition' }, 'nps-passive'),
      link('nps-e-promoter-end', { blockId: 'nps-promoter-thanks' }, 'nps-thanks'),
      link('nps-e-detractor-end', { blockId: 'nps-detractor-reason' }, 'nps-thanks'),
      link('nps-e-passive-end', { blockId: 'nps-passive-reason' }, 'nps-thanks'),
    ],
    variables: [
      { id: 'nps_v_score', name: 'Score' },
      { id: 'nps_v_category', name: 'Category' },
      { id: 'nps_v_reason', name: 'Reason' },
    ],
    theme: starterTheme(),
    settings: {},
  },
};
