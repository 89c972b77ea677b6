import fs from 'node:fs';
import path from 'node:path';
import { request, type HttpResponse } from './http';
import { startTestServer, type TestServer } from './test-server';

// Helpers for the conversation tests of test/integration/chat/fixture-bots/:
// import a fixture bot unchanged, publish it, then drive a conversation over
// real HTTP. Expected values are written as literals in the tests (derived from
// the fixture JSON and docs/engine-behaviour.md), these helpers only shorten their
// notation.

const botsDir = path.resolve(__dirname, '../fixtures/bots');

export function readFixture(file: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(botsDir, file), 'utf8'));
}

export interface PublishedFixture {
  botId: string;
  publicId: string;
  publishedAt: string;
  definition: Record<string, any>;
}

/** POST /v1/bots (the export unchanged, its id kept) then publish. */
export async function publishFixture(server: TestServer, file: string): Promise<PublishedFixture> {
  const definition = readFixture(file);
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot: definition },
  });
  expect(created.status).toBe(200);
  expect(created.body.bot.id).toBe(definition.id);
  const published = await request(server.url, 'POST', `/v1/bots/${created.body.bot.id}/publish`, {
    token: server.adminToken,
  });
  expect(published.status).toBe(200);
  return {
    botId: created.body.bot.id,
    publicId: published.body.bot.publicId,
    publishedAt: published.body.bot.publishedAt,
    definition,
  };
}

const publishedByServer = new WeakMap<TestServer, Map<string, Promise<PublishedFixture>>>();

/** A conversation on a fixture bot, imported and published once per server (a second import would get a new id). */
export async function openConversation(server: TestServer, file: string): Promise<Conversation> {
  let cache = publishedByServer.get(server);
  if (!cache) publishedByServer.set(server, (cache = new Map()));
  if (!cache.has(file)) cache.set(file, publishFixture(server, file));
  return new Conversation(server, await cache.get(file)!);
}

// ---- rich text notation -------------------------------------------------

export type Leaf = { text: string; bold?: true; italic?: true; underline?: true };
export type Node = Leaf | { type: string; children: Node[]; url?: string };

/** A paragraph; plain strings become unmarked text leaves. */
export function p(...children: (string | Node)[]): Node {
  return { type: 'p', children: children.map((child) => (typeof child === 'string' ? { text: child } : child)) };
}
export const b = (text: string): Leaf => ({ bold: true, text });
export const i = (text: string): Leaf => ({ italic: true, text });

/** A text-bubble message whose rich text is the given top-level nodes (strings = one-leaf paragraphs). */
export function text(id: string, ...nodes: (string | Node)[]) {
  return {
    id,
    type: 'text',
    content: { type: 'richText', richText: nodes.map((node) => (typeof node === 'string' ? p(node) : node)) },
  };
}

export const INVALID_MESSAGE = 'Invalid message. Please, try again.';
export const EMAIL_RETRY = "This email doesn't seem to be valid. Can you type it again?";

/** The retry message (docs/engine-behaviour.md#retry-messages): id = the input block id. */
export function retryMessage(inputId: string, retryText: string = INVALID_MESSAGE) {
  return text(inputId, retryText);
}

/** What a forge block without credentials logs (the exported templates carry none). */
export function missingCredentialsLog(type: string) {
  return { status: 'error', description: `Could not find credentials for block ${type}` };
}

// ---- conversation driver ------------------------------------------------

export class Conversation {
  sessionId = '';
  constructor(
    private readonly server: TestServer,
    readonly bot: PublishedFixture,
  ) {}

  /** startChat; remembers the session id. */
  async start(body: Record<string, unknown> = {}): Promise<HttpResponse> {
    const response = await request(this.server.url, 'POST', `/v1/bots/${this.bot.publicId}/startChat`, { json: body });
    if (response.status === 200) this.sessionId = response.body.sessionId;
    return response;
  }

  async reply(message?: unknown): Promise<HttpResponse> {
    return request(this.server.url, 'POST', `/v1/sessions/${this.sessionId}/continueChat`, {
      json: message === undefined ? {} : { message },
    });
  }

  /** Expected startChat body (docs/engine-behaviour.md#response-shapes): random ids are only type-checked; the bot envelope echoes the definition. */
  startBody(expected: {
    messages: unknown[];
    input?: unknown;
    clientSideActions?: unknown[];
    logs?: unknown[];
    withResultId?: boolean;
  }) {
    const { withResultId = true, ...rest } = expected;
    const definition = this.bot.definition;
    return {
      sessionId: expect.any(String),
      ...(withResultId ? { resultId: expect.any(String) } : {}),
      bot: {
        id: definition.id,
        version: definition.version ?? '3',
        theme: definition.theme ?? {},
        settings: shownSettings(definition.settings),
        publishedAt: this.bot.publishedAt,
      },
      ...rest,
    };
  }

  /** After the flow ended the live session is gone (docs/engine-behaviour.md#end-of-flow). */
  async expectEnded(): Promise<void> {
    const response = await this.reply('anything');
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Session not found', issues: [] },
    });
  }
}

/** A continueChat that accepted a reply and walked on (Appendix B: clientSideActions and logs always present). */
export function turn(expected: {
  messages: unknown[];
  input?: unknown;
  clientSideActions?: unknown[];
  logs?: unknown[];
  lastMessageNewFormat?: string;
}) {
  return { clientSideActions: [], logs: [], ...expected };
}

/** A continueChat answering an invalid reply: only messages and input. */
export function retry(input: { id: string; [key: string]: unknown }, retryText: string = INVALID_MESSAGE) {
  return { messages: [retryMessage(input.id, retryText)], input };
}

export function ok(body: unknown) {
  return { status: 200, body };
}

export function pick(response: HttpResponse) {
  return { status: response.status, body: response.body };
}

/**
 * Registers a test server for the file (started before its tests, closed
 * after) and returns how to open a conversation with a fixture bot on it.
 * Extra uses of the server go through `current()`.
 */
export function conversationsOnTestServer(): { open(file: string): Promise<Conversation>; current(): TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  const current = () => {
    if (!server) throw new Error('the test server is not started yet');
    return server;
  };
  return { open: (file) => openConversation(current(), file), current };
}

/** The reference's start response keeps `general` (without isResultSavingEnabled, which its schema does not know) and `typingEmulation` only. */
function shownSettings(settings: Record<string, any> | undefined): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  if (settings?.general) {
    const { isResultSavingEnabled: _dropped, ...general } = settings.general;
    shown.general = general;
  }
  if (settings?.typingEmulation) shown.typingEmulation = settings.typingEmulation;
  return shown;
}
