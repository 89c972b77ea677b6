import type { z } from 'zod';
import type { AiChatRequest, AiMessage } from '../../../contracts';
import type { BlockDefinition } from '../../../definition/schema';
import type { EffectResult } from '../../../effects';
import type { BlockContext, LogicHandler, Outcome } from '../../handler';
import { opt, optionsSchema, readOptions, withModes } from '../../options';
import { anonymousPreviewSkip } from '../../integrations/anonymous-preview';
import { AI_TIMEOUT_MS, numberOption, usageValue } from '../completion';
import { chatMessages, messagesOption } from '../messages';
import { streamsInto } from '../stream-target';
import definition from './definition';

// The legacy `OpenAI` integration block (docs/engine-behaviour.md#other-integration-blocks,
// bot-engine/blocks/integrations/legacy/openai): chat completion and speech
// ("Create image" and a missing task do nothing, as in the reference). The
// answer is appended to a list variable, set otherwise; streaming uses the
// legacy `streamOpenAiChatCompletion` action carrying the messages.

const legacyOptions = withModes(
  optionsSchema({
    task: opt.choice(
      ['Create chat completion', 'Create speech', { value: 'Create image', title: 'Create image (does nothing here)' }],
      {
        title: 'Task',
        unknown: 'the block does nothing',
      },
    ),
    credentialsId: opt.credentials(),
    baseUrl: opt.string({ title: 'Base URL' }),
    apiVersion: opt.string({ title: 'API version' }),
    model: opt.string({ title: 'Model' }),
    messages: messagesOption(),
    advancedSettings: opt.object(
      { temperature: opt.numberOrString({ title: 'Temperature' }) },
      { title: 'Advanced settings' },
    ),
    responseMapping: opt.objectList(
      {
        valueToExtract: opt.choice(['Message content', 'Total tokens', 'Prompt tokens', 'Completion tokens'], {
          title: 'Value',
          unknown: 'nothing is saved',
        }),
        variableId: opt.variable('Save in'),
      },
      { title: 'Save the answer', keywords: { 'x-parley-row': 'Saved part' } },
    ),
    // Create speech
    input: opt.string({ title: 'Text to speak' }),
    voice: opt.string({ title: 'Voice' }),
    saveUrlInVariableId: opt.variable('Save the audio URL in'),
  }),
  {
    key: 'task',
    first: ['credentialsId', 'task'],
    fields: {
      'Create chat completion': ['model', 'messages', 'advancedSettings', 'responseMapping'],
      'Create speech': ['model', 'input', 'voice', 'saveUrlInVariableId'],
    },
  },
);

type LegacyOptions = z.output<typeof legacyOptions>;

const DEFAULT_MODEL = 'gpt-3.5-turbo';
const DEFAULT_SPEECH_MODEL = 'tts-1';
const NO_ACCOUNT = 'Make sure to select an OpenAI account';
const TRIMMING = 'Max tokens limit reached, automatically trimming first message.';

function messageVariableId(options: LegacyOptions): string | undefined {
  return options.responseMapping.find((mapping) => mapping.valueToExtract === 'Message content')?.variableId;
}

async function request(options: LegacyOptions, messages: AiMessage[], ctx: BlockContext): Promise<AiChatRequest> {
  const temperature = await numberOption(options.advancedSettings?.temperature, ctx);
  return {
    provider: 'openai',
    api: 'chat',
    credentialsId: options.credentialsId!,
    model: options.model || DEFAULT_MODEL,
    messages,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
  };
}

/** The answer into the mapped variables: the text appended to a list, set otherwise; token counts. */
function mapAnswer(
  options: LegacyOptions,
  text: string,
  usage: Extract<EffectResult, { outcome: 'ok' }>['usage'] | undefined,
  ctx: BlockContext,
): void {
  for (const mapping of options.responseMapping) {
    const variable = ctx.variables.byId(mapping.variableId);
    if (!variable) continue;
    if (mapping.valueToExtract === 'Message content') {
      ctx.variables.set(variable.id, Array.isArray(variable.value) ? [...variable.value, text] : text);
    } else if (usage) {
      const tokens = usageValue(mapping.valueToExtract, usage);
      if (tokens !== undefined) ctx.variables.set(variable.id, tokens);
    }
  }
}

/** Text to speech; the audio's URL goes to the chosen variable. */
async function speech(options: LegacyOptions, ctx: BlockContext): Promise<Outcome> {
  const input = await ctx.text(options.input ?? '');
  if (input === '' || !options.voice || !ctx.variables.byId(options.saveUrlInVariableId)) {
    ctx.log({
      status: 'error',
      description: 'Make sure to enter an input, select a voice and select a variable to save the URL in',
    });
    return { kind: 'next' };
  }
  const request: AiChatRequest = {
    provider: 'openai',
    api: 'speech',
    credentialsId: options.credentialsId!,
    model: options.model || DEFAULT_SPEECH_MODEL,
    messages: [],
    input,
    voice: options.voice,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
  };
  return { kind: 'effect', effect: { type: 'aiChat', request, timeoutMs: AI_TIMEOUT_MS } };
}

export const openAiLegacyBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options: legacyOptions,
  needsCredentials: true,
  credentialsTypes: ['openai'],
  async execute(block, ctx): Promise<Outcome> {
    const skip = anonymousPreviewSkip('OpenAI', ctx);
    if (skip) {
      ctx.log(skip);
      return { kind: 'next' };
    }
    const options = readOptions(legacyOptions, block);
    if (options.task !== 'Create chat completion' && options.task !== 'Create speech') return { kind: 'next' };
    if (!options.credentialsId) {
      ctx.log({ status: 'error', description: NO_ACCOUNT });
      return { kind: 'next' };
    }
    if (options.task === 'Create speech') return speech(options, ctx);
    const messages = await chatMessages(options.messages, ctx);
    if (streamsInto(block, messageVariableId(options), ctx)) {
      ctx.action({
        type: 'streamOpenAiChatCompletion',
        streamOpenAiChatCompletion: { messages },
        expectsDedicatedReply: true,
      });
      return { kind: 'await-reply' };
    }
    if (messages.length === 0) return { kind: 'next' };
    return {
      kind: 'effect',
      effect: { type: 'aiChat', request: await request(options, messages, ctx), timeoutMs: AI_TIMEOUT_MS },
    };
  },
  onEffect(block, result, ctx, effect): Outcome {
    const options = readOptions(legacyOptions, block);
    if (options.task === 'Create speech' && result.type === 'aiChat' && result.outcome === 'ok') {
      ctx.variables.set(options.saveUrlInVariableId, result.text);
      return { kind: 'next' };
    }
    if (result.type === 'failed')
      ctx.log({ status: 'error', description: result.reason === 'error' ? 'Internal error' : result.message });
    else if (result.type !== 'aiChat') throw new Error(`unexpected ${result.type} result for OpenAI`);
    else if (result.outcome === 'no-credentials') ctx.log({ status: 'error', description: NO_ACCOUNT });
    else if (result.outcome === 'withheld') ctx.log({ status: 'error', description: result.message });
    else if (result.outcome === 'error') {
      const sent = effect.type === 'aiChat' ? effect.request : undefined;
      // The reference drops the first message and tries again while the model refuses the length (400).
      if (result.status === 400 && sent && sent.messages.length > 1) {
        ctx.log({ status: 'info', description: TRIMMING });
        return {
          kind: 'effect',
          effect: { type: 'aiChat', request: { ...sent, messages: sent.messages.slice(1) }, timeoutMs: AI_TIMEOUT_MS },
        };
      }
      ctx.log({
        status: 'error',
        description: result.status !== undefined ? `OpenAI API error - ${result.status}` : 'Internal error',
        ...(result.details ? { details: result.details } : {}),
      });
    } else if (result.text !== '') mapAnswer(options, result.text, result.usage, ctx);
    return { kind: 'next' };
  },
  onReply(block, reply, ctx) {
    // The client streamed the completion: the full text is mapped, and the bubble showing it is not sent again.
    if (reply?.type === 'text') mapAnswer(readOptions(legacyOptions, block), reply.text, undefined, ctx);
    ctx.skipNextBubble();
    return { kind: 'next' };
  },
  async streamRequest(block: BlockDefinition, ctx: BlockContext, messages?: AiMessage[]) {
    const options = readOptions(legacyOptions, block);
    if (options.task !== 'Create chat completion')
      return { status: 400, message: 'This block does not have a stream function' };
    if (!options.credentialsId) return { status: 404, message: 'Could not find credentials' };
    return request(options, messages ?? (await chatMessages(options.messages, ctx)), ctx);
  },
};

export default openAiLegacyBlock;
