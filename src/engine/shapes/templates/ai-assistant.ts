import { column, link, say, type BotTemplate } from './definition';
import { starterTheme } from './theme';

// A chat loop around the OpenAI block: each question is appended to Chat
// history, the block answers from the whole history, and the answer is
// appended too before the next question. The block comes without
// credentials: the workspace's own are picked in its options. The bubble right
// after the block shows only {{Answer}}, which lets the answer stream in.

const SYSTEM_PROMPT =
  "You are a friendly assistant on our website. Answer in the visitor's language, in a few short sentences, and say so plainly when you don't know.";

export const aiAssistant: BotTemplate = {
  id: 'ai-assistant',
  name: 'AI assistant',
  description: 'An open conversation answered by an OpenAI-compatible model (add your API key).',
  definition: {
    version: '6.1',
    name: 'AI assistant',
    events: [{ id: 'ai-start', type: 'start', graphCoordinates: column(-1, 40), outgoingEdgeId: 'ai-e-start' }],
    groups: [
      {
        id: 'ai-intro',
        title: 'Intro',
        graphCoordinates: column(0),
        blocks: [
          say('ai-hello', "Hi! I'm an AI assistant ✨"),
          say('ai-invite', 'Ask me anything and I’ll do my best to help.', 'ai-e-intro'),
        ],
      },
      {
        id: 'ai-ask',
        title: 'Question',
        graphCoordinates: column(1),
        blocks: [
          {
            id: 'ai-question',
            type: 'text input',
            options: { variableId: 'ai_v_question', labels: { placeholder: 'Type your question…' } },
          },
          {
            id: 'ai-remember-question',
            type: 'Set variable',
            options: { variableId: 'ai_v_history', type: 'Append value(s)', item: '{{Question}}' },
          },
          // Else the next turn's input would come prefilled with this question.
          {
            id: 'ai-clear-question',
            type: 'Set variable',
            options: { variableId: 'ai_v_question', type: 'Empty' },
            outgoingEdgeId: 'ai-e-answer',
          },
        ],
      },
      {
        id: 'ai-answer',
        title: 'Answer',
        graphCoordinates: column(2),
        blocks: [
          {
            id: 'ai-completion',
            type: 'openai',
            options: {
              action: 'Create chat completion',
              model: 'gpt-4o-mini',
              messages: [
                { role: 'system', content: SYSTEM_PROMPT },
                { role: 'Dialogue', dialogueVariableId: 'ai_v_history', startsBy: 'user' },
              ],
              responseMapping: [{ item: 'Message content', variableId: 'ai_v_answer' }],
            },
          },
          say('ai-reply', '{{Answer}}'),
          {
            id: 'ai-remember-answer',
            type: 'Set variable',
            options: { variableId: 'ai_v_history', type: 'Append value(s)', item: '{{Answer}}' },
            outgoingEdgeId: 'ai-e-loop',
          },
        ],
      },
    ],
    edges: [
      link('ai-e-start', { eventId: 'ai-start' }, 'ai-intro'),
      link('ai-e-intro', { blockId: 'ai-invite' }, 'ai-ask'),
      link('ai-e-answer', { blockId: 'ai-clear-question' }, 'ai-answer'),
      link('ai-e-loop', { blockId: 'ai-remember-answer' }, 'ai-ask'),
    ],
    variables: [
      { id: 'ai_v_question', name: 'Question' },
      { id: 'ai_v_answer', name: 'Answer' },
      { id: 'ai_v_history', name: 'Chat history' },
    ],
    theme: starterTheme(),
    settings: {},
  },
};
