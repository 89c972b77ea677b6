import type { ResponseParts } from '../../engine/response';
import type { ChatMessage, TextFormat } from '../../engine/wire';
import { jsonAs } from '../../engine/json';
import { z } from 'zod';
import type { LineRow } from './lines';

/** Who wrote an agent's message, as the visitor's client shows it. */
export interface MessageAuthor {
  kind: 'agent';
  name: string;
  image: string | null;
}

/** An agent's message as a chat bubble: plain text (never HTML), with its author beside the Typebot fields. */
export type AgentChatMessage = ChatMessage & { author: MessageAuthor };

export function agentChatMessage(
  row: Pick<LineRow, 'conversationId' | 'seq' | 'text' | 'authorName'>,
  image: string | null,
  format: TextFormat,
): AgentChatMessage {
  return {
    id: `agent-${row.conversationId}-${row.seq}`,
    type: 'text',
    content:
      format === 'markdown'
        ? { type: 'markdown', markdown: row.text }
        : { type: 'richText', richText: row.text.split('\n').map((text) => ({ type: 'p', children: [{ text }] })) },
    author: { kind: 'agent', name: row.authorName ?? 'Agent', image },
  };
}

const chatLog = z.object({
  status: z.enum(['success', 'error', 'info']).optional(),
  description: z.string(),
  details: z.unknown().optional(),
  context: z.string().optional(),
});

/** A hand-back's chat answer as stored (JSON): parsed, not cast. */
const storedResponse = z.object({
  messages: z.array(z.object({ id: z.string(), type: z.string(), content: z.unknown() })),
  input: z.object({ id: z.string(), type: z.string() }).catchall(z.unknown()).optional(),
  clientSideActions: z.array(z.object({ type: z.string() }).catchall(z.unknown())).optional(),
  logs: z.array(chatLog).optional(),
  lastMessageNewFormat: z.string().optional(),
  dynamicTheme: z
    .object({
      hostAvatarUrl: z.string().optional(),
      guestAvatarUrl: z.string().optional(),
      backgroundUrl: z.string().optional(),
    })
    .optional(),
  progress: z.number().optional(),
});

/** The bot's answer a hand-back stored (its chat answer as JSON), or none when the line holds none. */
export function storedHandBack(row: Pick<LineRow, 'response'>): ResponseParts | undefined {
  return row.response ? jsonAs(row.response, storedResponse) : undefined;
}
