import { request, type HttpResponse } from './http';
import type { TestServer } from './test-server';

// Small v6 definitions built inline for the chat integration tests, and the
// HTTP calls of the chat runtime.

export type Json = Record<string, any>;

export function textBubble(id: string, text: string): Json {
  return { id, type: 'text', content: { richText: [{ type: 'p', children: [{ text }] }] } };
}

export function textInput(id: string, variableId?: string, outgoingEdgeId?: string): Json {
  return {
    id,
    type: 'text input',
    options: variableId ? { variableId } : {},
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  };
}

export function emailInput(id: string, variableId?: string, outgoingEdgeId?: string): Json {
  return {
    id,
    type: 'email input',
    options: variableId ? { variableId } : {},
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  };
}

export function setVariable(id: string, variableId: string, expressionToEvaluate: string, extra: Json = {}): Json {
  return { id, type: 'Set variable', options: { variableId, expressionToEvaluate, ...extra } };
}

export function group(id: string, blocks: Json[], title = id): Json {
  return { id, title, graphCoordinates: { x: 0, y: 0 }, blocks };
}

export function edge(id: string, to: string, from: Json = { blockId: '' }, toBlockId?: string): Json {
  return { id, from, to: { groupId: to, ...(toBlockId ? { blockId: toBlockId } : {}) } };
}

export interface BotSpec {
  groups: Json[];
  edges?: Json[];
  /** Events after the start event (which points to the first group). */
  events?: Json[];
  variables?: { id: string; name: string; value?: unknown }[];
  settings?: Json;
  theme?: Json;
  name?: string;
}

/** A v6 definition whose start event leads to the first group. */
export function v6Bot(spec: BotSpec): Json {
  return {
    version: '6',
    name: spec.name ?? 'Test bot',
    groups: spec.groups,
    events: [
      { id: 'ev-start', type: 'start', outgoingEdgeId: 'e-start', graphCoordinates: { x: 0, y: 0 } },
      ...(spec.events ?? []),
    ],
    edges: [
      { id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: spec.groups[0]!.id } },
      ...(spec.edges ?? []),
    ],
    variables: spec.variables ?? [],
    theme: spec.theme ?? {},
    settings: spec.settings ?? {},
  };
}

export interface CreatedBot {
  botId: string;
  publicId: string;
  publishedAt?: string;
}

export async function createBot(
  server: TestServer,
  definition: Json,
  workspaceId = server.adminWorkspaceId,
  token = server.adminToken,
): Promise<CreatedBot> {
  const created = await request(server.url, 'POST', '/v1/bots', { token, json: { workspaceId, bot: definition } });
  if (created.status !== 200) throw new Error(`create bot: ${created.status} ${JSON.stringify(created.body)}`);
  return { botId: created.body.bot.id, publicId: created.body.bot.publicId };
}

export async function publishBot(server: TestServer, botId: string, token = server.adminToken): Promise<CreatedBot> {
  const published = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token });
  if (published.status !== 200) throw new Error(`publish bot: ${published.status} ${JSON.stringify(published.body)}`);
  return { botId, publicId: published.body.bot.publicId, publishedAt: published.body.bot.publishedAt };
}

/** Creates and publishes a definition in the admin's workspace. */
export async function publishDefinition(
  server: TestServer,
  definition: Json,
  workspaceId = server.adminWorkspaceId,
): Promise<CreatedBot> {
  const { botId } = await createBot(server, definition, workspaceId);
  return publishBot(server, botId);
}

export function startChat(
  server: TestServer,
  publicId: string,
  body: Json = {},
  headers?: Record<string, string>,
): Promise<HttpResponse> {
  return request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, { json: body, headers });
}

export function continueChat(
  server: TestServer,
  sessionId: string,
  body: Json = {},
  headers?: Record<string, string>,
): Promise<HttpResponse> {
  return request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, { json: body, headers });
}

export function say(server: TestServer, sessionId: string, message: unknown): Promise<HttpResponse> {
  return continueChat(server, sessionId, { message });
}

function plain(node: any): string {
  if (node === null || node === undefined) return '';
  if (typeof node.text === 'string') return node.text;
  if (Array.isArray(node.children)) return node.children.map(plain).join('');
  return '';
}

/** The plain text of each text message of a response (rich text or markdown). */
export function texts(body: { messages?: any[] }): string[] {
  return (body.messages ?? []).map((message) => {
    const content = message.content ?? {};
    if (typeof content.markdown === 'string') return content.markdown;
    if (Array.isArray(content.richText)) return content.richText.map(plain).join('\n');
    return '';
  });
}

/** Three text inputs in one group saving A, B and C, then a bubble showing them (concurrency tests). */
export function threeQuestions(): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('q1', 'va'),
        textInput('q2', 'vb'),
        textInput('q3', 'vc'),
        textBubble('end', 'A={{A}} B={{B}} C={{C}}'),
      ]),
    ],
    variables: [
      { id: 'va', name: 'A' },
      { id: 'vb', name: 'B' },
      { id: 'vc', name: 'C' },
    ],
  });
}
