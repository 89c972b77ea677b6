import type { z } from 'zod';
import type { BlockType } from '../../../definition/block-types';
import { EngineRequestError } from '../../../errors';
import type { EffectResult } from '../../../effects';
import type { HttpRequestSpec, HttpResponseData } from '../../../contracts';
import { renderText, singleVariableName } from '../../../variables/templating';
import type { BlockContext, LogicHandler, Outcome } from '../../handler';
import { applyResponseMapping, responseMappingOption } from '../../logic/wait-for-webhook/block';
import { opt, optionsSchema, readOptions } from '../../options';
import { anonymousPreviewSkip } from '../anonymous-preview';
import definition from './definition';

// HTTP request blocks (docs/engine-behaviour.md#http-request-blocks): this
// block, and the automation platforms' blocks (../zapier, ../make-com,
// ../pabbly), which send the same request with a longer timeout. The engine
// builds the request; the service sends it through the outbound guard (an
// effect) and the block maps the answer into variables.

const keyValues = (title: string) =>
  opt.objectList({ key: opt.string({ title: 'Key' }), value: opt.string({ title: 'Value' }) }, { title });

/** The methods the reference offers; a lower-case one is sent upper-cased. */
const HTTP_METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'CONNECT', 'OPTIONS', 'TRACE'] as const;

const httpRequestOptions = optionsSchema({
  webhook: opt.object(
    {
      url: opt.string({ title: 'URL' }),
      method: opt.choice(HTTP_METHODS, { title: 'Method', unknown: 'the request is sent with it, upper-cased' }),
      headers: keyValues('Headers'),
      queryParams: keyValues('Query parameters'),
      body: opt.string({
        title: 'Body',
        widget: 'code',
        description: 'Sent with Custom body on; else the answers and variables, as JSON',
      }),
    },
    { title: 'Request' },
  ),
  isCustomBody: opt.boolean({ title: 'Custom body' }),
  isExecutedOnClient: opt.boolean({ title: 'Run on the client' }),
  timeout: opt.boundedNumber(
    { minimum: 1, maximum: 120 },
    { title: 'Timeout (seconds)' },
    // Read as before: a longer timeout is cut to the longest, a nought or negative one means the default.
    { readAsWritten: true },
  ),
  responseVariableMapping: responseMappingOption(),
});

type HttpRequestOptions = z.output<typeof httpRequestOptions>;
type KeyValue = { key?: string; value?: string };

export const DEFAULT_TIMEOUT_S = 10;
const MAX_TIMEOUT_S = 120;

/** Rows with both a key and a value once substituted; empty ones are dropped. */
async function substitutedPairs(rows: readonly KeyValue[] | undefined, ctx: BlockContext): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (const row of rows ?? []) {
    const key = await ctx.text(row.key ?? '');
    const value = await ctx.text(row.value ?? '');
    if (key !== '' && value !== '') pairs.push([key, value]);
  }
  return pairs;
}

/** `Basic user:password` is encoded as HTTP requires (a builder types it in clear). */
function encodeBasicAuth(name: string, value: string): string {
  if (name.toLowerCase() !== 'authorization') return value;
  const match = /^Basic\s+(.+)$/i.exec(value);
  if (!match || !match[1]!.includes(':')) return value;
  return `Basic ${Buffer.from(match[1]!).toString('base64')}`;
}

/** The reference's body when none is written: submittedAt, the answers by key, the variables by name (lists joined by commas). */
function defaultBody(ctx: BlockContext): Record<string, string> {
  const body: Record<string, string> = { submittedAt: ctx.env.now().toISOString() };
  for (const answer of ctx.entry.answers) body[answer.key] = answer.value;
  for (const variable of ctx.variables.list()) {
    const value = variable.value;
    if (value === null || value === undefined) continue;
    body[variable.name] = Array.isArray(value) ? value.map((item) => item ?? '').join(',') : value;
  }
  return body;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function requestBody(options: HttpRequestOptions, ctx: BlockContext): Promise<string> {
  const written = options.webhook?.body ?? '';
  if (options.isCustomBody !== true || written.trim() === '' || written.trim() === '{{state}}')
    return JSON.stringify(defaultBody(ctx));
  // Variables are written JSON-escaped inside a JSON body, except a body that is one variable.
  const mode = singleVariableName(written) === undefined ? 'json' : 'plain';
  return renderText(written, ctx.entry.variables, { code: ctx.env.code, mode });
}

/** The request as the block describes it; undefined when it has no URL. */
export async function buildHttpRequest(
  options: HttpRequestOptions,
  ctx: BlockContext,
): Promise<HttpRequestSpec | undefined> {
  const rawUrl = options.webhook?.url ?? '';
  if (rawUrl === '') return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of await substitutedPairs(options.webhook?.headers, ctx))
    headers[name] = encodeBasicAuth(name, value);
  const query = new URLSearchParams(await substitutedPairs(options.webhook?.queryParams, ctx)).toString();
  const url = await ctx.text(query ? `${rawUrl}${rawUrl.includes('?') ? '&' : '?'}${query}` : rawUrl);
  const method = (options.webhook?.method || 'POST').toUpperCase();
  if (method === 'GET') return { url, method, headers };
  let body = await requestBody(options, ctx);
  const json = parseJson(body);
  const contentTypeName = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  const contentType = contentTypeName ? headers[contentTypeName]! : undefined;
  if (
    json.ok &&
    contentType?.includes('x-www-form-urlencoded') &&
    typeof json.value === 'object' &&
    json.value !== null
  ) {
    body = new URLSearchParams(
      Object.entries(json.value).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString();
  } else if (json.ok && !contentType) {
    headers['Content-Type'] = 'application/json';
  }
  return { url, method, headers, body };
}

function timeoutSeconds(family: HttpRequestFamily, options: HttpRequestOptions): number {
  const custom =
    options.timeout !== undefined && options.timeout > 0 ? Math.min(options.timeout, MAX_TIMEOUT_S) : undefined;
  if (custom !== undefined && custom !== DEFAULT_TIMEOUT_S) return custom;
  return family.answersSlowly ? MAX_TIMEOUT_S : DEFAULT_TIMEOUT_S;
}

/** The answer as blocks see it, whatever happened to the request. */
function responseOf(result: EffectResult): HttpResponseData & { refusal?: string } {
  if (result.type === 'httpRequest') return result;
  if (result.type === 'failed' && result.reason === 'timeout')
    return { statusCode: 408, data: { message: result.message } };
  // Not sent: the turn or its workspace made as many requests as they may.
  if (result.type === 'failed' && result.reason === 'limit')
    return { statusCode: 429, data: { message: result.message } };
  return {
    statusCode: 500,
    data: { message: result.type === 'failed' ? result.message : 'Unexpected answer to an HTTP request' },
  };
}

/** The request as logged: no headers (they carry credentials). */
function loggedRequest(request: HttpRequestSpec | undefined): unknown {
  if (!request) return undefined;
  const body = request.body === undefined ? undefined : parseJson(request.body);
  return { url: request.url, method: request.method, ...(body ? { body: body.ok ? body.value : request.body } : {}) };
}

export interface HttpRequestFamily {
  /** Automation platforms (Zapier, Make.com, Pabbly) answer slowly: the reference always gives them the maximum. */
  answersSlowly?: boolean;
}

/** An HTTP request block of this type: the request an author describes, sent through the outbound guard. */
export function httpRequestBlock<T extends BlockType>(type: T, family: HttpRequestFamily = {}): LogicHandler<T> {
  return {
    category: 'integration',
    type,
    options: httpRequestOptions,
    async execute(block, ctx): Promise<Outcome> {
      const skip = anonymousPreviewSkip(type, ctx);
      if (skip) {
        ctx.log(skip);
        return { kind: 'next' };
      }
      const options = readOptions(httpRequestOptions, block);
      // No request at all (a legacy block whose webhook lived in a table of its own): the reference moves on silently.
      if (!options.webhook) return { kind: 'next' };
      const request = await buildHttpRequest(options, ctx);
      if (!request) {
        // Shown to the visitor too, as the reference does (only four descriptions are kept from visitors).
        ctx.log({ status: 'error', description: "Couldn't parse webhook attributes" });
        return { kind: 'next' };
      }
      if (options.isExecutedOnClient === true) {
        ctx.action({ type: 'httpRequestToExecute', httpRequestToExecute: request, expectsDedicatedReply: true });
        return { kind: 'await-reply' };
      }
      return {
        kind: 'effect',
        effect: { type: 'httpRequest', request, timeoutMs: timeoutSeconds(family, options) * 1000 },
      };
    },
    async onEffect(block, result, ctx, effect) {
      const options = readOptions(httpRequestOptions, block);
      const response = responseOf(result);
      if (response.refusal !== undefined) {
        ctx.log({ status: 'error', description: `Security validation failed: ${response.refusal}` });
      } else {
        const failed = response.statusCode >= 400;
        const request = effect.type === 'httpRequest' ? effect.request : undefined;
        ctx.log({
          status: failed ? 'error' : 'success',
          description: failed ? 'Webhook returned an error.' : 'Webhook successfuly executed.',
          // The request and its answer may carry secrets: visitors never see these two descriptions (response.ts).
          details: { statusCode: response.statusCode, request: loggedRequest(request), response: response.data },
        });
      }
      await applyResponseMapping(
        options.responseVariableMapping,
        { statusCode: response.statusCode, data: response.data },
        ctx,
      );
      return { kind: 'next' };
    },
    async onReply(block, reply, ctx) {
      const parsed = parseJson(reply?.type === 'text' ? reply.text : '');
      if (!parsed.ok) throw new EngineRequestError('Provided response is not valid JSON');
      const value = parsed.value as { statusCode?: unknown; data?: unknown } | null;
      const statusCode = typeof value?.statusCode === 'number' ? value.statusCode : 200;
      const response = { statusCode, data: value && typeof value === 'object' && 'data' in value ? value.data : value };
      await applyResponseMapping(readOptions(httpRequestOptions, block).responseVariableMapping, response, ctx);
      const failed = statusCode >= 400;
      ctx.log({
        status: failed ? 'error' : 'success',
        description: failed ? 'HTTP request returned error' : 'HTTP request executed successfully!',
        details: response.data,
      });
      return { kind: 'next' };
    },
  };
}

export default {
  ...httpRequestBlock(definition.type),
  newBlock: { options: { webhook: { method: 'POST' }, timeout: DEFAULT_TIMEOUT_S } },
} satisfies LogicHandler<typeof definition.type>;
