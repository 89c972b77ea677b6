import { group, publishDefinition, startChat, textBubble, textInput, v6Bot, type Json } from './chat';
import { request, type HttpResponse } from './http';
import type { TestServer } from './test-server';

// A bot that hands the conversation to a person, and the inbox's REST calls.

export function handoffBlock(id: string, options: Json = {}, outgoingEdgeId?: string): Json {
  return {
    id,
    type: 'handoff',
    options: { timeoutSeconds: 300, ...options },
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  };
}

/** Asks a name, hands off, then says goodbye; a group `later` a person may hand back to. */
export function handoffBot(options: Json = {}): Json {
  return v6Bot({
    name: 'Support bot',
    groups: [
      group(
        'g1',
        [textInput('ask', 'vname'), handoffBlock('hand', { message: 'Hold on, {{Name}}', ...options }, 'e-hand')],
        'Start',
      ),
      group('g2', [textBubble('bye', 'Back to the bot, {{Name}}'), textInput('after')], 'After'),
      group('later', [textBubble('later-bubble', 'Later group'), textInput('later-input')], 'Later'),
    ],
    edges: [{ id: 'e-hand', from: { blockId: 'hand' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vname', name: 'Name' }],
  });
}

export async function reachHandoff(server: TestServer, definition: Json = handoffBot(), workspaceId?: string) {
  const bot = await publishDefinition(server, definition, workspaceId);
  const started = await startChat(server, bot.publicId);
  const sessionId: string = started.body.sessionId;
  const handed = await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, {
    json: { message: 'Ann' },
  });
  const conversation = await server.db.conversation.findFirstOrThrow({ where: { sessionId } });
  return { ...bot, sessionId, resultId: started.body.resultId as string, handed, conversationId: conversation.id };
}

export function inbox(
  server: TestServer,
  token: string,
  method: string,
  path: string,
  json?: Json,
): Promise<HttpResponse> {
  return request(server.url, method, path, { token, ...(json ? { json } : {}) });
}
