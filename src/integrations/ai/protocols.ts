import type { EventSourceMessage } from 'eventsource-parser';
import type { OutboundRequest } from '../http/client';
import { type AiAnswer, type AiCall, joinUrl } from './call';
import { ANTHROPIC_DEFAULT_MAX_TOKENS, ANTHROPIC_VERSION } from './providers';

// The three wire protocols AI blocks use: OpenAI-compatible chat completions
// (OpenAI, Mistral, Groq, Together, OpenRouter, DeepSeek, Perplexity, Azure),
// Anthropic's messages API, and OpenAI's Responses API (Ask Model). Each
// writes the HTTP request and reads the answer, whole or as stream events.

/** What one streamed event contributes. */
export interface StreamPart {
  text?: string;
  responseId?: string;
  error?: string;
}

export interface Protocol {
  request(call: AiCall, stream: boolean): Omit<OutboundRequest, 'signal'>;
  answer(body: unknown): AiAnswer;
  part(event: EventSourceMessage): StreamPart | 'done';
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function parseData(event: EventSourceMessage): Json {
  try {
    return record(JSON.parse(event.data));
  } catch {
    return {};
  }
}

function jsonRequest(url: string, headers: Record<string, string>, body: Json): Omit<OutboundRequest, 'signal'> {
  return {
    url,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

const chatCompletions: Protocol = {
  request(call, stream) {
    const azure = call.apiVersion !== undefined && call.apiVersion !== '';
    return jsonRequest(
      joinUrl(call.baseUrl, 'chat/completions', azure ? { 'api-version': call.apiVersion! } : undefined),
      // Azure reads `api-key`; every other service the bearer token (the reference sends both).
      { Authorization: `Bearer ${call.apiKey}`, 'api-key': call.apiKey },
      {
        model: call.model,
        messages: call.messages,
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        ...(call.maxTokens !== undefined ? { max_tokens: call.maxTokens } : {}),
        ...(call.jsonSchema
          ? { response_format: { type: 'json_schema', json_schema: { name: 'variables', schema: call.jsonSchema } } }
          : {}),
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      },
    );
  },
  answer(body) {
    const root = record(body);
    const choice = record((root.choices as unknown[] | undefined)?.[0]);
    const content = record(choice.message).content;
    const usage = record(root.usage);
    return {
      text: typeof content === 'string' ? content : '',
      usage: {
        totalTokens: num(usage.total_tokens),
        promptTokens: num(usage.prompt_tokens),
        completionTokens: num(usage.completion_tokens),
      },
    };
  },
  part(event) {
    if (event.data.trim() === '[DONE]') return 'done';
    const data = parseData(event);
    if (data.error) return { error: String(record(data.error).message ?? data.error) };
    const delta = record(record((data.choices as unknown[] | undefined)?.[0]).delta).content;
    return typeof delta === 'string' ? { text: delta } : {};
  },
};

const anthropicMessages: Protocol = {
  request(call, stream) {
    const system = call.messages.filter((message) => message.role === 'system').map((message) => message.content);
    if (call.jsonSchema)
      system.push(`Answer with a JSON object only, matching this JSON schema: ${JSON.stringify(call.jsonSchema)}`);
    return jsonRequest(
      joinUrl(call.baseUrl, 'messages'),
      { 'x-api-key': call.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      {
        model: call.model,
        max_tokens: call.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        messages: call.messages.filter((message) => message.role !== 'system'),
        ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        ...(stream ? { stream: true } : {}),
      },
    );
  },
  answer(body) {
    const root = record(body);
    const text = ((root.content as unknown[] | undefined) ?? [])
      .map(record)
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text as string)
      .join('');
    const usage = record(root.usage);
    const prompt = num(usage.input_tokens);
    const completion = num(usage.output_tokens);
    return {
      text,
      usage: {
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: prompt !== undefined && completion !== undefined ? prompt + completion : undefined,
      },
    };
  },
  part(event) {
    const data = parseData(event);
    if (data.type === 'message_stop') return 'done';
    if (data.type === 'error') return { error: String(record(data.error).message ?? 'Anthropic stream error') };
    const delta = record(data.delta);
    return data.type === 'content_block_delta' && typeof delta.text === 'string' ? { text: delta.text } : {};
  },
};

const responses: Protocol = {
  request(call, stream) {
    const azure = call.apiVersion !== undefined && call.apiVersion !== '';
    return jsonRequest(
      joinUrl(call.baseUrl, 'responses', azure ? { 'api-version': call.apiVersion! } : undefined),
      { Authorization: `Bearer ${call.apiKey}`, 'api-key': call.apiKey },
      {
        model: call.model,
        input: call.messages.map((message) => ({ role: message.role, content: message.content })),
        ...(call.instructions ? { instructions: call.instructions } : {}),
        ...(call.previousResponseId ? { previous_response_id: call.previousResponseId } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        ...(stream ? { stream: true } : {}),
      },
    );
  },
  answer(body) {
    const root = record(body);
    const text = ((root.output as unknown[] | undefined) ?? [])
      .map(record)
      .filter((item) => item.type === 'message')
      .flatMap((item) => ((item.content as unknown[] | undefined) ?? []).map(record))
      .filter((part) => part.type === 'output_text' && typeof part.text === 'string')
      .map((part) => part.text as string)
      .join('');
    const usage = record(root.usage);
    return {
      text,
      usage: {
        totalTokens: num(usage.total_tokens),
        promptTokens: num(usage.input_tokens),
        completionTokens: num(usage.output_tokens),
      },
      ...(typeof root.id === 'string' ? { responseId: root.id } : {}),
    };
  },
  part(event) {
    const data = parseData(event);
    if (data.type === 'response.output_text.delta' && typeof data.delta === 'string') return { text: data.delta };
    if (data.type === 'response.completed') {
      const id = record(data.response).id;
      return typeof id === 'string' ? { responseId: id } : {};
    }
    if (data.type === 'error' || data.type === 'response.failed')
      return { error: String(data.message ?? record(record(data.response).error).message ?? 'Response failed') };
    return {};
  },
};

/** The protocol of a chat or responses call (transcriptions are multipart uploads: see transcription.ts). */
export function protocolOf(call: Pick<AiCall, 'provider' | 'api'>): Protocol {
  if (call.api === 'responses') return responses;
  return call.provider === 'anthropic' ? anthropicMessages : chatCompletions;
}
