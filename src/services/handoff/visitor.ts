import { handoffInput } from '../../engine/blocks/logic/handoff/block';
import type { ResponseParts } from '../../engine/response';
import type { ReplyMessage, TextFormat } from '../../engine/wire';
import type { ChatDeps } from '../chat/deps';
import { appendLine } from './lines';
import { openConversation, type HandedOff } from './open';
import { markGiven, owedAnswer } from './owed';
import { publishConversation } from './publish';

function visitorText(message: ReplyMessage | undefined): string {
  if (message?.type === 'text') return [message.text, ...(message.attachedFileUrls ?? [])].join('\n').trim();
  if (message?.type === 'audio') return message.url;
  return '';
}

const conversationFields = {
  id: true,
  botId: true,
  workspaceId: true,
  sessionId: true,
  blockId: true,
  status: true,
  visitorSeq: true,
} as const;

/**
 * The visitor wrote while the session waits for a person: the words go to the
 * person (stored, then announced), never to the bot; the answer gives what
 * the agents wrote since the visitor's last answer, and the same text box. A
 * conversation already closed gives what is owed and no input.
 */
export async function visitorWrites(
  deps: ChatDeps,
  session: { id: string; botId: string } & Omit<HandedOff, 'messages'>,
  message: ReplyMessage | undefined,
  format: TextFormat,
): Promise<ResponseParts> {
  const sessionId = session.id;
  const find = async () =>
    (await deps.db.conversation.findUnique({ where: { openSessionId: sessionId }, select: conversationFields })) ??
    (await deps.db.conversation.findFirst({
      where: { sessionId },
      orderBy: { waitingSince: 'desc' },
      select: conversationFields,
    }));
  let conversation = await find();
  if (!conversation) {
    // Its opening failed after the turn committed (logged then): opened now, so the words still reach someone.
    await openConversation(deps, { ...session, messages: [] }, { sessionId, botId: session.botId });
    conversation = await find();
  }
  if (!conversation) return { messages: [] };
  const isOpen = conversation.status === 'waiting' || conversation.status === 'active';
  const text = visitorText(message);
  if (isOpen && text !== '') {
    const { row } = await appendLine(deps.db, conversation.id, { authorKind: 'visitor', text }, new Date());
    publishConversation(deps.live, conversation, 'message', { seq: row.seq, authorKind: 'visitor' });
  }
  return owedAnswer(
    deps.db,
    conversation,
    format,
    isOpen
      ? { input: handoffInput(conversation.blockId), status: conversation.status === 'active' ? 'active' : 'waiting' }
      : undefined,
  );
}

/**
 * A client that cannot stream comes back after the hand-back: what the bot
 * said then, unless it was given already. What the visitor wrote meanwhile
 * answered nothing the visitor saw: it is kept as their last line.
 */
export async function owedAfterHandBack(
  deps: ChatDeps,
  conversationId: string,
  message: ReplyMessage | undefined,
  format: TextFormat,
): Promise<ResponseParts | undefined> {
  const conversation = await deps.db.conversation.findUnique({
    where: { id: conversationId },
    select: { id: true, visitorSeq: true, lastSeq: true },
  });
  if (!conversation || conversation.visitorSeq >= conversation.lastSeq) return undefined;
  const answer = await owedAnswer(deps.db, conversation, format, undefined);
  const text = visitorText(message);
  if (text !== '') {
    const { row } = await appendLine(deps.db, conversation.id, { authorKind: 'visitor', text }, new Date());
    // The visitor's own line is not owed to them.
    await markGiven(deps.db, conversation.id, row.seq);
  }
  return answer;
}
