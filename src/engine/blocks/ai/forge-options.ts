import { opt, optionsSchema, withModes } from '../options';
import { messagesOption } from './messages';

// The options of the forge AI blocks (forge-ai.ts): one schema for every
// provider, read the same way; each block type describes its own actions to
// the editor and the problems of a draft, each action with its own fields.

/** The answer's parts an AI block saves in variables (reference `responseMapping.item`). */
const ANSWER_PARTS = [
  'Message content',
  'Message',
  'Response ID',
  'Total tokens',
  'Prompt tokens',
  'Completion tokens',
];

export const aiOptions = optionsSchema({
  // Each block type offers its own actions (optionsFor).
  action: opt.choice(['Create chat completion', 'Create Chat Message', 'Generate variables', 'Ask Model'], {
    title: 'Action',
    unknown: 'the block does nothing (its block type does not have this action)',
  }),
  credentialsId: opt.credentials(),
  baseUrl: opt.string({ title: 'Base URL' }),
  apiVersion: opt.string({ title: 'API version' }),
  model: opt.string({ title: 'Model' }),
  messages: messagesOption(),
  systemMessage: opt.string({ title: 'System message' }),
  temperature: opt.numberOrString({ title: 'Temperature' }),
  maxTokens: opt.numberOrString({ title: 'Max tokens' }),
  responseMapping: opt.objectList(
    {
      item: opt.choice(ANSWER_PARTS, { title: 'Value', unknown: 'nothing is saved' }),
      variableId: opt.variable('Save in'),
    },
    { title: 'Save the answer', keywords: { 'x-parley-row': 'Saved part' } },
  ),
  // Generate variables
  prompt: opt.string({ title: 'Prompt' }),
  variablesToExtract: opt.objectList(
    {
      variableId: opt.variable('Variable'),
      type: opt.choice(['string', 'number', 'boolean', 'array', 'enum'], {
        title: 'Type',
        unknown: 'the variable is not asked for',
      }),
      description: opt.string({ title: 'Description' }),
      isRequired: opt.boolean({ title: 'Required' }),
      values: opt.stringList({ title: 'Values' }),
    },
    { title: 'Variables to extract', keywords: { 'x-parley-row': 'Variable' } },
  ),
  // Create speech
  input: opt.string({ title: 'Text to speak' }),
  voice: opt.string({ title: 'Voice' }),
  saveUrlInVariableId: opt.variable('Save the audio URL in'),
  // Create transcription
  url: opt.string({ title: 'Audio URL' }),
  transcriptionVariableId: opt.variable('Save the transcription in'),
  // Ask Model (OpenAI Responses API)
  message: opt.string({ title: 'Message' }),
  instructions: opt.string({ title: 'Instructions' }),
  responseIdVariableId: opt.variable('Save the response ID in'),
});

const CHAT_FIELDS = ['model', 'messages', 'systemMessage', 'temperature', 'maxTokens', 'responseMapping'];

/** The fields each action shows (the others' stay in the options, unused). */
const ACTION_FIELDS: Record<string, string[]> = {
  'Create chat completion': CHAT_FIELDS,
  'Create Chat Message': CHAT_FIELDS,
  'Ask Model': [
    'model',
    'message',
    'instructions',
    'temperature',
    'maxTokens',
    'responseIdVariableId',
    'responseMapping',
  ],
  'Generate variables': ['model', 'prompt', 'variablesToExtract', 'temperature', 'maxTokens'],
  'Create transcription': ['model', 'url', 'prompt', 'transcriptionVariableId'],
  'Create speech': ['model', 'input', 'voice', 'instructions', 'saveUrlInVariableId'],
};

/** One block type's options: the actions it has, each with its fields (the same schema, read the same way). */
export const optionsFor = (actions: readonly string[]) =>
  withModes(aiOptions, {
    key: 'action',
    first: ['credentialsId', 'action'],
    choices: actions.map((action) =>
      action === 'Ask Assistant' ? { value: action, title: 'Ask Assistant (no longer available)' } : action,
    ),
    fields: ACTION_FIELDS,
  });
