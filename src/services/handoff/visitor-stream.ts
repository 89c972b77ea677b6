import type { ResponseParts } from '../../engine/response';
import type { ChatMessage, TextFormat } from '../../engine/wire';
import { notFound } from '../../errors';
import type { ChatDeps } from '../chat/deps';
import type { ConversationEvent } from '../live/events';
import type { LineRow } from './lines';
import { isForVisitor, markGiven, visitorLines } from './owed';
import { agentChatMessage, storedHandBack, type MessageAuthor } from './visitor-messages';

/** What a visitor's event stream says (docs/handoff.md#the-visitors-stream). */
export type VisitorEvent =
  | { type: 'message'; seq: number; message: ChatMessage & { author: MessageAuthor | { kind: 'visitor' } } }
  | { type: 'typing' }
  | { type: 'taken'; agent: { name: string; image: string | null } }
  | { type: 'released'; seq: number; response: ResponseParts }
  | { type: 'closed'; seq: number };

export interface VisitorStreamOptions {
  /** Replay what came after this line (the client's Last-Event-ID); absent: what the visitor was not given yet. */
  after?: number;
  /** Replay the visitor's own lines too (a page that comes back rebuilds the conversation). */
  history?: boolean;
  format: TextFormat;
}

function visitorLine(row: LineRow, format: TextFormat): VisitorEvent {
  return {
    type: 'message',
    seq: row.seq,
    message: {
      id: `visitor-${row.conversationId}-${row.seq}`,
      type: 'text',
      content:
        format === 'markdown'
          ? { type: 'markdown', markdown: row.text }
          : { type: 'richText', richText: [{ type: 'p', children: [{ text: row.text }] }] },
      author: { kind: 'visitor' },
    },
  };
}

/**
 * A visitor's events while their session is handed to a person: replayed from
 * the stored lines (nothing is lost across reconnects, restarts or processes),
 * then live. Ends once the conversation ended (handed back or closed).
 */
export async function visitorEvents(
  deps: ChatDeps,
  sessionId: string,
  options: VisitorStreamOptions,
): Promise<AsyncIterableIterator<VisitorEvent>> {
  const conversation = await deps.db.conversation.findFirst({
    where: { sessionId },
    orderBy: { waitingSince: 'desc' },
    select: {
      id: true,
      status: true,
      visitorSeq: true,
      assignee: { select: { name: true, email: true, image: true } },
    },
  });
  if (!conversation) throw notFound('This session is not waiting for a person');
  // Subscribed before the replay is read: a line written in between comes by both ways, and is sent once (by seq).
  const source = deps.live.subscribeConversations({ sessionId });
  const queue: VisitorEvent[] = [];
  let sentSeq = options.after ?? conversation.visitorSeq;
  let finished = false;
  let history = options.history === true;

  const readLines = async () => {
    const { rows, imageOf } = await visitorLines(deps.db, conversation.id, sentSeq);
    for (const row of rows) {
      sentSeq = row.seq;
      if (row.authorKind === 'visitor' && history) queue.push(visitorLine(row, options.format));
      if (!isForVisitor(row)) continue;
      if (row.authorKind === 'agent')
        queue.push({ type: 'message', seq: row.seq, message: agentChatMessage(row, imageOf(row), options.format) });
      else if (row.event === 'closed') queue.push({ type: 'closed', seq: row.seq });
      else if (row.event)
        queue.push({ type: 'released', seq: row.seq, response: storedHandBack(row) ?? { messages: [] } });
      if (row.event) finished = true;
    }
    history = false;
    if (rows.length) await markGiven(deps.db, conversation.id, sentSeq);
  };
  const taken = async (): Promise<VisitorEvent | undefined> => {
    const row = await deps.db.conversation.findUnique({
      where: { id: conversation.id },
      select: { assignee: { select: { name: true, email: true, image: true } } },
    });
    const agent = row?.assignee;
    return agent
      ? { type: 'taken', agent: { name: agent.name?.trim() || agent.email, image: agent.image } }
      : undefined;
  };

  if (conversation.status === 'active' && conversation.assignee) {
    const agent = conversation.assignee;
    queue.push({ type: 'taken', agent: { name: agent.name?.trim() || agent.email, image: agent.image } });
  }
  await readLines();

  const react = async (event: ConversationEvent) => {
    if (event.kind === 'typing') queue.push({ type: 'typing' });
    else if (event.kind === 'taken') {
      const told = await taken();
      if (told) queue.push(told);
    } else if (
      event.kind !== 'waiting' &&
      event.kind !== 'viewing' &&
      !(event.kind === 'message' && event.authorKind === 'visitor')
    ) {
      await readLines();
    }
  };
  const end = async (): Promise<IteratorResult<VisitorEvent>> => {
    finished = true;
    queue.length = 0;
    await source.return?.();
    return { value: undefined, done: true };
  };
  const iterator: AsyncIterableIterator<VisitorEvent> = {
    async next(): Promise<IteratorResult<VisitorEvent>> {
      for (;;) {
        const event = queue.shift();
        if (event) return { value: event, done: false };
        if (finished) return end();
        const received = await source.next();
        if (received.done) return end();
        await react(received.value);
      }
    },
    return: end,
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
