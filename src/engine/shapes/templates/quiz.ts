import { column, link, say, type BotTemplate, type TemplateEdge, type TemplateGroup } from './definition';
import { starterTheme } from './theme';

// Three questions, one point per right answer. A right answer passes through
// a small group that adds the point; a wrong one goes straight on, so Score
// counts exactly the right answers.

const QUESTIONS: readonly { question: string; choices: readonly string[]; right: string }[] = [
  { question: 'Which planet is closest to the Sun?', choices: ['Venus', 'Mercury', 'Mars'], right: 'Mercury' },
  { question: 'How many legs does a spider have?', choices: ['Six', 'Eight', 'Ten'], right: 'Eight' },
  { question: 'At sea level, water boils at…', choices: ['90 °C', '100 °C', '120 °C'], right: '100 °C' },
];

/** Where the flow goes after question `index` (0-based): the next question, or the result. */
const after = (index: number) => (index + 1 < QUESTIONS.length ? `quiz-q${index + 2}` : 'quiz-result');

const questionGroups: TemplateGroup[] = QUESTIONS.flatMap(({ question, choices, right }, index): TemplateGroup[] => {
  const n = index + 1;
  return [
    {
      id: `quiz-q${n}`,
      title: `Question ${n}`,
      graphCoordinates: column(1 + index * 2),
      blocks: [
        say(`quiz-q${n}-ask`, `**${n}/3.** ${question}`),
        {
          id: `quiz-q${n}-choices`,
          type: 'choice input',
          options: { variableId: `quiz_v_answer${n}` },
          // Wrong answers take the block's own edge; the right one its item's.
          items: choices.map((choice, position) => ({
            id: `quiz-q${n}-c${position + 1}`,
            content: choice,
            ...(choice === right ? { outgoingEdgeId: `quiz-e-q${n}-right` } : {}),
          })),
          outgoingEdgeId: `quiz-e-q${n}-wrong`,
        },
      ],
    },
    {
      id: `quiz-q${n}-point`,
      title: `Point for question ${n}`,
      graphCoordinates: column(2 + index * 2, 260),
      blocks: [
        say(`quiz-q${n}-right`, 'Correct! ✅'),
        {
          id: `quiz-q${n}-add`,
          type: 'Set variable',
          options: { variableId: 'quiz_v_score', expressionToEvaluate: '{{Score}} + 1' },
          outgoingEdgeId: `quiz-e-q${n}-next`,
        },
      ],
    },
  ];
});

const questionEdges: TemplateEdge[] = QUESTIONS.flatMap(({ choices, right }, index) => {
  const n = index + 1;
  return [
    link(
      `quiz-e-q${n}-right`,
      { blockId: `quiz-q${n}-choices`, itemId: `quiz-q${n}-c${choices.indexOf(right) + 1}` },
      `quiz-q${n}-point`,
    ),
    link(`quiz-e-q${n}-wrong`, { blockId: `quiz-q${n}-choices` }, after(index)),
    link(`quiz-e-q${n}-next`, { blockId: `quiz-q${n}-add` }, after(index)),
  ];
});

export const quizWithScore: BotTemplate = {
  id: 'quiz',
  name: 'Quiz with score',
  description: 'Three multiple-choice questions that add up to a final score.',
  definition: {
    version: '6.1',
    name: 'Quiz with score',
    events: [{ id: 'quiz-start', type: 'start', graphCoordinates: column(-1, 40), outgoingEdgeId: 'quiz-e-start' }],
    groups: [
      {
        id: 'quiz-intro',
        title: 'Intro',
        graphCoordinates: column(0),
        blocks: [
          say('quiz-hello', 'Ready for a quick quiz? 🧠 Three questions, one point for each right answer.'),
          // Set here rather than as the variable's default, so a restarted chat starts from zero too.
          {
            id: 'quiz-reset',
            type: 'Set variable',
            options: { variableId: 'quiz_v_score', expressionToEvaluate: '0' },
            outgoingEdgeId: 'quiz-e-intro',
          },
        ],
      },
      ...questionGroups,
      {
        id: 'quiz-result',
        title: 'Result',
        graphCoordinates: column(1 + QUESTIONS.length * 2),
        blocks: [say('quiz-score', 'You scored **{{Score}} out of 3**. Thanks for playing! 🎉')],
      },
    ],
    edges: [
      link('quiz-e-start', { eventId: 'quiz-start' }, 'quiz-intro'),
      link('quiz-e-intro', { blockId: 'quiz-reset' }, 'quiz-q1'),
      ...questionEdges,
    ],
    variables: [
      { id: 'quiz_v_score', name: 'Score' },
      { id: 'quiz_v_answer1', name: 'Answer 1' },
      { id: 'quiz_v_answer2', name: 'Answer 2' },
      { id: 'quiz_v_answer3', name: 'Answer 3' },
    ],
    theme: starterTheme(),
    settings: {},
  },
};
