import { z } from 'zod';
import { answering, field } from '../answers';
import { READS, workspaceId, type ToolHost } from './shared';

// The inbox of conversations handed to people (docs/handoff.md), read so that
// an assistant can tell a person what visitors wait for. Replying, taking,
// handing back and closing stay with people: there is no tool for them.

/** The API lists at most this many (CONVERSATION_LIST_LIMIT of src/services/handoff/views.ts): the newest. */
const LISTED = 200;

interface Person {
  name: string | null;
  email?: string | null;
}

interface Line {
  seq: number;
  authorKind: 'bot' | 'visitor' | 'agent';
  author: Person | null;
  createdAt: string;
  text: string;
}

interface Summary {
  id: string;
  botId: string;
  botName: string;
  resultId: string | null;
  status: string;
  outcome: string | null;
  channel: string;
  team: string | null;
  assignee: Person | null;
  waitingSince: string;
  timeoutAt: string;
  takenAt: string | null;
  endedAt: string | null;
  lastMessage: Line | null;
}

/** Who wrote a line, as a reader names them: the bot, the visitor, or the person by name. */
function from(line: Line): string {
  if (line.authorKind !== 'agent') return line.authorKind;
  return `agent ${line.author?.name || line.author?.email || ''}`.trim();
}

const minutesSince = (iso: string, now: number) => Math.round((now - Date.parse(iso)) / 6000) / 10;

function compactSummary(conversation: Summary, now: number) {
  return {
    id: conversation.id,
    botId: conversation.botId,
    botName: conversation.botName,
    team: conversation.team,
    channel: conversation.channel,
    waitingSince: conversation.waitingSince,
    waitingMinutes: minutesSince(conversation.waitingSince, now),
    timeoutAt: conversation.timeoutAt,
    lastMessage: conversation.lastMessage
      ? { from: from(conversation.lastMessage), text: conversation.lastMessage.text }
      : null,
  };
}

export function registerConversationTools({ server, run }: ToolHost): void {
  server.registerTool(
    'list_waiting_conversations',
    {
      title: 'Conversations waiting for a person',
      description:
        "Visitors' conversations a Handoff block handed to the people of a workspace and that nobody has taken yet, the longest waiting first: bot, team (queue), channel, since when and until when (timeoutAt: the bot then goes on by itself), the last line. Read one with get_conversation to see what the visitor asked. Answering visitors is for people, in the console's inbox: no tool replies.",
      inputSchema: {
        workspaceId,
        botId: z.string().min(1).optional().describe('Only this bot’s conversations (a bot id from list_bots).'),
      },
      annotations: READS,
    },
    ({ workspaceId, botId }) =>
      answering(async () => {
        const data = await run('ListConversations', { workspaceId, status: 'waiting' });
        const listed = (data.conversations ?? []) as Summary[];
        const now = Date.now();
        const waiting = listed
          .filter((conversation) => !botId || conversation.botId === botId)
          .sort((a, b) => Date.parse(a.waitingSince) - Date.parse(b.waitingSince))
          .map((conversation) => compactSummary(conversation, now));
        return {
          waiting,
          ...(listed.length >= LISTED
            ? { note: `The workspace has ${LISTED} or more waiting: these are of the newest ${LISTED}.` }
            : {}),
        };
      }),
  );

  server.registerTool(
    'get_conversation',
    {
      title: 'Read a handed-over conversation',
      description:
        'One conversation handed to people: its status (waiting, active, closed) and how it ended, who has it, the transcript (what the bot said and the visitor answered before the handoff, then the visitor’s and the people’s lines, oldest first, the latest 200) and the variables the bot had collected (name, e-mail…).',
      inputSchema: {
        conversationId: z.string().min(1).describe('A conversation id (from list_waiting_conversations).'),
      },
      annotations: READS,
    },
    ({ conversationId }) =>
      answering(async () => {
        const conversation = field(
          await run('GetConversation', { conversationId }),
          'conversation',
        ) as unknown as Summary & {
          messages: Line[];
          variables: { name: string; value: unknown }[];
        };
        return {
          id: conversation.id,
          botId: conversation.botId,
          botName: conversation.botName,
          resultId: conversation.resultId,
          status: conversation.status,
          outcome: conversation.outcome,
          channel: conversation.channel,
          team: conversation.team,
          assignee: conversation.assignee ? conversation.assignee.name || conversation.assignee.email : null,
          waitingSince: conversation.waitingSince,
          timeoutAt: conversation.timeoutAt,
          takenAt: conversation.takenAt,
          endedAt: conversation.endedAt,
          transcript: conversation.messages.map((line) => ({ from: from(line), text: line.text, at: line.createdAt })),
          variables: Object.fromEntries(
            conversation.variables
              .filter(({ value }) => value !== null && value !== undefined)
              .map(({ name, value }) => [name, value]),
          ),
        };
      }),
  );
}
