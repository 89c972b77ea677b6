import type { z } from 'zod';
import type { BlockType } from '../../definition/block-types';
import { jsonOrText } from '../../json';
import type { AiChatRequest, AiProvider } from '../../contracts';
import type { BlockDefinition } from '../../definition/schema';
import type { EffectResult } from '../../effects';
import type { ChatMessage } from '../../wire';
import type { BlockContext, LogicHandler, Outcome } from '../handler';
import { readOptions } from '../options';
import { anonymousPreviewSkip } from '../integrations/anonymous-preview';
import { AI_TIMEOUT_MS, numberOption, providerErrorLog, usageValue } from './completion';
import { aiOptions, optionsFor } from './forge-options';
import { chatMessages } from './messages';
import { streamsInto } from './stream-target';
import { notConfigured } from '../integrations/not-configured';
import { blockLabel } from '../definitions';

// The forge AI blocks (docs/engine-behaviour.md#forge-blocks): OpenAI, Anthropic and the
// OpenAI-compatible providers. The engine writes the request; the service
// sends it with the API key of the block's credentials (the bot's workspace
// only) and the block maps the answer into variables. When the session
// streams and the next bubble shows the answer's variable, the block asks the
// client to stream it instead (`stream` action) and waits for the full text.

type AiOptions = z.output<typeof aiOptions>;

type ActionKind = 'chat' | 'generate-variables' | 'ask-model' | 'transcription' | 'speech' | 'unavailable';

/** What each block's actions do here; an action missing from its block's list is "not configured". */
const ACTIONS: Record<string, ActionKind> = {
  'Create chat completion': 'chat',
  'Create Chat Message': 'chat',
  'Generate variables': 'generate-variables',
  'Ask Model': 'ask-model',
  'Ask Assistant': 'unavailable',
  'Create transcription': 'transcription',
  'Create speech': 'speech',
};

/** Providers whose only forge action is a chat completion. */
export const CHAT_ONLY = ['Create chat completion'] as const;

export interface AiBlockSpec {
  provider: AiProvider;
  actions: readonly string[];
}

/** Why an action cannot run on this server (said in the log instead of a silent skip). */
const UNAVAILABLE: Record<string, string> = {
  'Ask Assistant': "OpenAI's Assistants API is no longer available: use the Ask Model action",
};

function actionKind(spec: AiBlockSpec, action: string | undefined): ActionKind | undefined {
  return action && spec.actions.includes(action) ? ACTIONS[action] : undefined;
}

/** The variable the answer's text goes to (and the stream when there is one). */
function answerVariableId(kind: ActionKind, options: AiOptions): string | undefined {
  if (kind === 'chat')
    return options.responseMapping.find((mapping) => !mapping.item || mapping.item === 'Message content')?.variableId;
  if (kind === 'ask-model')
    return options.responseMapping.find((mapping) => !mapping.item || mapping.item === 'Message')?.variableId;
  return undefined;
}

/** JSON schema of the object Generate variables asks for, keyed by variable name (reference runGenerateVariables). */
function variablesSchema(options: AiOptions, ctx: BlockContext): Record<string, unknown> | undefined {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const wanted of options.variablesToExtract) {
    const variable = ctx.variables.byId(wanted.variableId);
    if (!variable || !wanted.type) continue;
    let schema: Record<string, unknown>;
    if (wanted.type === 'string') schema = { type: 'string' };
    else if (wanted.type === 'number') schema = { type: 'number' };
    else if (wanted.type === 'boolean') schema = { type: 'boolean' };
    else if (wanted.type === 'array') schema = { type: 'array', items: { type: 'string' } };
    else if (wanted.type === 'enum' && wanted.values && wanted.values.length > 0)
      schema = { type: 'string', enum: wanted.values };
    else continue;
    if (wanted.isRequired === false) schema = { anyOf: [schema, { type: 'null' }] };
    if (wanted.description) schema.description = wanted.description;
    properties[variable.name] = schema;
    required.push(variable.name);
  }
  if (required.length === 0) return undefined;
  return { type: 'object', properties, required, additionalProperties: false };
}

type Built = { request: AiChatRequest } | { problem: string };

/** The block's own base URL and API version, variables substituted. */
async function endpointOf(
  options: AiOptions,
  ctx: BlockContext,
): Promise<Pick<AiChatRequest, 'baseUrl' | 'apiVersion'>> {
  return {
    ...(options.baseUrl ? { baseUrl: await ctx.text(options.baseUrl) } : {}),
    ...(options.apiVersion ? { apiVersion: await ctx.text(options.apiVersion) } : {}),
  };
}

function speechRequest(
  spec: AiBlockSpec,
  options: AiOptions,
  model: string,
  input: string,
  voice: string,
): AiChatRequest {
  return {
    provider: spec.provider,
    credentialsId: options.credentialsId!,
    api: 'speech',
    model,
    messages: [],
    input,
    voice,
  };
}

/** The request this block sends, or the reference's log text when it cannot be written. */
async function buildRequest(
  spec: AiBlockSpec,
  kind: ActionKind,
  options: AiOptions,
  ctx: BlockContext,
): Promise<Built> {
  const model = (await ctx.text(options.model ?? '')).trim();
  if (kind === 'transcription') {
    const audioUrl = (await ctx.text(options.url ?? '')).trim();
    if (audioUrl === '') return { problem: 'Audio URL is empty' };
    if (!ctx.variables.byId(options.transcriptionVariableId)) return { problem: 'Missing transcription variable' };
    const prompt = options.prompt ? await ctx.text(options.prompt) : '';
    return {
      request: {
        provider: spec.provider,
        credentialsId: options.credentialsId!,
        api: 'transcription',
        model,
        messages: [],
        audioUrl,
        ...(prompt !== '' ? { prompt } : {}),
        ...(await endpointOf(options, ctx)),
      },
    };
  }
  if (kind === 'speech') {
    const input = await ctx.text(options.input ?? '');
    if (input === '') return { problem: 'Create speech input is empty' };
    const voice = await ctx.text(options.voice ?? '');
    if (voice === '') return { problem: 'Create speech voice is empty' };
    if (!ctx.variables.byId(options.saveUrlInVariableId)) return { problem: 'Create speech save variable is empty' };
    const instructions = options.instructions ? await ctx.text(options.instructions) : '';
    return {
      request: {
        ...speechRequest(spec, options, model, input, voice),
        ...(instructions !== '' ? { instructions } : {}),
        ...(await endpointOf(options, ctx)),
      },
    };
  }
  if (model === '') return { problem: 'No model provided' };
  const base = {
    provider: spec.provider,
    credentialsId: options.credentialsId!,
    model,
    ...(await endpointOf(options, ctx)),
  };
  const temperature = await numberOption(options.temperature, ctx);
  const maxTokens = await numberOption(options.maxTokens, ctx);
  const tuning = {
    ...(temperature !== undefined ? { temperature } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
  };
  if (kind === 'ask-model') {
    const message = await ctx.text(options.message ?? '');
    if (message.trim() === '') return { problem: 'No message provided' };
    const previous = ctx.variables.value(options.responseIdVariableId);
    const instructions = options.instructions ? await ctx.text(options.instructions) : '';
    return {
      request: {
        ...base,
        ...tuning,
        api: 'responses',
        messages: [{ role: 'user', content: message }],
        ...(typeof previous === 'string' && previous !== '' ? { previousResponseId: previous } : {}),
        ...(instructions !== '' ? { instructions } : {}),
      },
    };
  }
  if (kind === 'generate-variables') {
    const prompt = await ctx.text(options.prompt ?? '');
    if (prompt.trim() === '') return { problem: 'No prompt provided' };
    const jsonSchema = variablesSchema(options, ctx);
    if (!jsonSchema) return { problem: 'Could not parse variables to extract' };
    const optional = options.variablesToExtract.some((wanted) => wanted.type && wanted.isRequired === false);
    const content = `${prompt}\n\nYou should generate a JSON object${optional ? ' and provide empty values if the information is not there or if you are unsure.' : '.'}`;
    return { request: { ...base, ...tuning, api: 'chat', messages: [{ role: 'user', content }], jsonSchema } };
  }
  const messages = await chatMessages(options.messages, ctx);
  if (messages.length === 0) return { problem: 'No messages provided' };
  const system = options.systemMessage ? await ctx.text(options.systemMessage) : '';
  return {
    request: {
      ...base,
      ...tuning,
      api: 'chat',
      messages: system !== '' ? [{ role: 'system', content: system }, ...messages] : messages,
    },
  };
}

function applyAnswer(
  kind: ActionKind,
  options: AiOptions,
  result: Extract<EffectResult, { type: 'aiChat'; outcome: 'ok' }>,
  ctx: BlockContext,
): void {
  if (kind === 'transcription') {
    ctx.variables.set(options.transcriptionVariableId, result.text);
    return;
  }
  if (kind === 'speech') {
    ctx.variables.set(options.saveUrlInVariableId, result.text);
    return;
  }
  if (kind === 'generate-variables') {
    const object = jsonOrText(result.text);
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      ctx.log({ status: 'error', description: 'The model did not answer a JSON object', details: result.text });
      return;
    }
    for (const [name, value] of Object.entries(object)) {
      if (value === null) continue;
      const variable = ctx.variables.byName(name);
      if (variable) ctx.variables.set(variable.id, value);
    }
    return;
  }
  for (const mapping of options.responseMapping) {
    if (!mapping.variableId) continue;
    const isText =
      kind === 'chat'
        ? !mapping.item || mapping.item === 'Message content'
        : !mapping.item || mapping.item === 'Message';
    if (isText) ctx.variables.set(mapping.variableId, result.text);
    else if (kind === 'ask-model' && mapping.item === 'Response ID' && result.responseId)
      ctx.variables.set(mapping.variableId, result.responseId);
    else {
      const tokens = usageValue(mapping.item, result.usage);
      if (tokens !== undefined) ctx.variables.set(mapping.variableId, tokens);
    }
  }
  if (kind === 'ask-model' && result.responseId) ctx.variables.set(options.responseIdVariableId, result.responseId);
}

const ERROR_CONTEXT: Record<ActionKind, string> = {
  chat: 'While generating chat completion',
  'generate-variables': 'While generating variables',
  'ask-model': 'While asking model',
  transcription: 'While creating OpenAI transcription',
  speech: 'While creating OpenAI speech',
  unavailable: '',
};

/** What the console's Test shows where an AI block without an account would answer. */
function missingAccountNotice(blockId: string, type: string): ChatMessage {
  const text = `Connect ${/^[AEIOU]/.test(blockLabel(type)) ? 'an' : 'a'} ${blockLabel(type)} account in Settings → Credentials and select it in this block for it to answer. (Only this test shows this note.)`;
  return { id: `${blockId}-no-account`, type: 'text', content: { richText: [{ type: 'p', children: [{ text }] }] } };
}

export function forgeAiBlock<T extends BlockType>(type: T, spec: AiBlockSpec): LogicHandler<T> {
  const missingCredentials = `Could not find credentials for block ${type}`;
  return {
    category: 'integration',
    type,
    options: optionsFor(spec.actions),
    needsCredentials: true,
    credentialsTypes: [spec.provider],
    async execute(block, ctx): Promise<Outcome> {
      const skip = anonymousPreviewSkip(type, ctx);
      if (skip) {
        ctx.log(skip);
        return { kind: 'next' };
      }
      const options = readOptions(aiOptions, block);
      const kind = actionKind(spec, options.action);
      if (!kind) {
        ctx.log(notConfigured(type));
        return { kind: 'next' };
      }
      // As the reference: the stream is offered before credentials are looked at (the stream request checks them).
      if ((kind === 'chat' || kind === 'ask-model') && streamsInto(block, answerVariableId(kind, options), ctx)) {
        ctx.action({ type: 'stream', expectsDedicatedReply: true, stream: true });
        return { kind: 'await-reply' };
      }
      if (!options.credentialsId) {
        ctx.log({ status: 'error', description: missingCredentials });
        // The builder testing the bot would otherwise see an empty answer and no reason; a visitor never sees this.
        if (ctx.state.isPreview) ctx.message(missingAccountNotice(block.id, type));
        return { kind: 'next' };
      }
      if (kind === 'unavailable') {
        ctx.log({ status: 'error', description: UNAVAILABLE[options.action!]! });
        return { kind: 'next' };
      }
      const built = await buildRequest(spec, kind, options, ctx);
      if ('problem' in built) {
        ctx.log({ status: 'error', description: built.problem });
        return { kind: 'next' };
      }
      return { kind: 'effect', effect: { type: 'aiChat', request: built.request, timeoutMs: AI_TIMEOUT_MS } };
    },
    onEffect(block, result, ctx) {
      const options = readOptions(aiOptions, block);
      const kind = actionKind(spec, options.action)!;
      if (result.type === 'failed') ctx.log(providerErrorLog(result.message, undefined, ERROR_CONTEXT[kind]));
      else if (result.type !== 'aiChat') throw new Error(`unexpected ${result.type} result for ${type}`);
      else if (result.outcome === 'no-credentials') ctx.log({ status: 'error', description: missingCredentials });
      else if (result.outcome === 'withheld') ctx.log({ status: 'error', description: result.message });
      else if (result.outcome === 'error')
        ctx.log(providerErrorLog(result.message, result.details, ERROR_CONTEXT[kind]));
      else applyAnswer(kind, options, result, ctx);
      return { kind: 'next' };
    },
    onReply(block, reply, ctx) {
      // The client streamed the answer: its full text goes to the answer's variable, and the bubble showing it is not sent again.
      if (reply?.type === 'text') {
        const options = readOptions(aiOptions, block);
        const kind = actionKind(spec, options.action);
        if (kind) ctx.variables.set(answerVariableId(kind, options), jsonOrText(reply.text));
        ctx.skipNextBubble();
      }
      return { kind: 'next' };
    },
    streamRequest: (block, ctx) => streamRequestOf(spec, block, ctx),
    onStreamed(block, ctx, outcome) {
      // Ask Model: the next question continues this response.
      const options = readOptions(aiOptions, block);
      if (outcome.responseId && actionKind(spec, options.action) === 'ask-model')
        ctx.variables.set(options.responseIdVariableId, outcome.responseId);
    },
  };
}

/** The request the stream endpoint sends for this block (the session waits on it). */
async function streamRequestOf(
  spec: AiBlockSpec,
  block: BlockDefinition,
  ctx: BlockContext,
): Promise<AiChatRequest | { status: number; message: string }> {
  const options = readOptions(aiOptions, block);
  const kind = actionKind(spec, options.action);
  if (kind !== 'chat' && kind !== 'ask-model')
    return { status: 400, message: 'This block does not have a stream function' };
  if (!options.credentialsId) return { status: 404, message: 'Could not find credentials' };
  const built = await buildRequest(spec, kind, options, ctx);
  if ('problem' in built) return { status: 400, message: built.problem };
  return built.request;
}
