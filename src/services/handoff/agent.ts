import type { Access } from '../access';
import type { ChatDeps } from '../chat/deps';
import { AppError, invalidInput } from '../../errors';
import { assertChannelCarries, deliverToChannel } from '../channels/handoff-delivery';
import { ANSWERING_ROLES, conversationFor } from './access';
import { claimEnding, conversationEnded } from './ending';
import { handBack } from './hand-back';
import { appendLine, appendLines, type LineRow } from './lines';
import { publishConversation } from './publish';
import { isOpen } from './types';

async function personOf(deps: ChatDeps, userId: string) {
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  return { id: userId, name: user?.name?.trim() || user?.email || 'Agent' };
}

/**
 * Takes a waiting conversation (the caller is its assignee). Taking one the
 * caller has is a no-op; one someone else has is CONFLICT naming them.
 */
export async function takeConversation(deps: ChatDeps, access: Access, conversationId: string): Promise<void> {
  const conversation = await conversationFor(deps.db, access, conversationId, ANSWERING_ROLES);
  const { count } = await deps.db.conversation.updateMany({
    where: { id: conversation.id, status: 'waiting', endingUntil: null },
    data: { status: 'active', assigneeId: access.userId, takenAt: new Date() },
  });
  if (count === 1) {
    publishConversation(deps.live, conversation, 'taken');
    return;
  }
  const now = await deps.db.conversation.findUnique({
    where: { id: conversation.id },
    select: { status: true, assigneeId: true, assignee: { select: { name: true, email: true } } },
  });
  if (!now || !isOpen(now.status)) throw conversationEnded();
  // Waiting still, but someone is handing it back or closing it (or it is timing out) right now.
  if (now.status === 'waiting') throw new AppError('CONFLICT', 'This conversation is ending');
  if (now.assigneeId === access.userId) return;
  const who = now.assignee?.name?.trim() || now.assignee?.email || 'Someone';
  throw new AppError('CONFLICT', `${who} has this conversation`);
}

/**
 * An agent's message to the visitor. The caller must have the conversation (a
 * waiting one is taken by answering it). The same `clientKey` again is the
 * message already sent, never a second one.
 */
export async function sendAgentMessage(
  deps: ChatDeps,
  access: Access,
  input: { conversationId: string; text: string; clientKey?: string | null },
): Promise<LineRow> {
  const text = input.text.trim();
  const max = deps.handoffLimits.maxMessageLength;
  if (text === '') throw invalidInput([{ path: ['text'], message: 'Write something to send' }]);
  if (text.length > max) throw invalidInput([{ path: ['text'], message: `At most ${max} characters` }]);
  if (input.clientKey !== undefined && input.clientKey !== null && !/^[\w-]{1,100}$/.test(input.clientKey))
    throw invalidInput([{ path: ['clientKey'], message: 'Letters, digits, - and _ only, at most 100' }]);
  const conversation = await conversationFor(deps.db, access, input.conversationId, ANSWERING_ROLES);
  if (input.clientKey) {
    const sent = await deps.db.conversationMessage.findUnique({
      where: { conversationId_clientKey: { conversationId: conversation.id, clientKey: input.clientKey } },
    });
    if (sent) return sent;
  }
  if (!isOpen(conversation.status)) throw conversationEnded();
  await assertChannelCarries(deps.db, conversation);
  if (conversation.status === 'waiting') await takeConversation(deps, access, conversation.id);
  else if (conversation.assigneeId !== access.userId) await takeConversation(deps, access, conversation.id);
  const person = await personOf(deps, access.userId);
  const { row, isNew } = await appendLine(
    deps.db,
    conversation.id,
    {
      authorKind: 'agent',
      authorId: person.id,
      authorName: person.name,
      text,
      clientKey: input.clientKey ?? undefined,
    },
    new Date(),
  );
  if (isNew) publishConversation(deps.live, conversation, 'message', { seq: row.seq, authorKind: 'agent' });
  await deliverToChannel(deps, conversation);
  return row;
}

/** The agent types: the visitor sees an indicator (nothing stored). */
export async function agentTyping(deps: ChatDeps, access: Access, conversationId: string): Promise<void> {
  const conversation = await conversationFor(deps.db, access, conversationId, ANSWERING_ROLES);
  if (isOpen(conversation.status)) publishConversation(deps.live, conversation, 'typing', { userId: access.userId });
}

/**
 * A member has the conversation open (the console says so every few seconds
 * while it shows it): the others looking at it see who is there, as editors
 * see each other. Nothing stored; any member, GUESTs too.
 */
export async function memberViewing(deps: ChatDeps, access: Access, conversationId: string): Promise<void> {
  const conversation = await conversationFor(deps.db, access, conversationId);
  publishConversation(deps.live, conversation, 'viewing', { userId: access.userId });
}

/** Hands the conversation back to the bot: at `groupId`, else along the Handoff block's outgoing edge. */
export async function releaseConversation(
  deps: ChatDeps,
  access: Access,
  input: { conversationId: string; groupId?: string | null },
): Promise<void> {
  const conversation = await conversationFor(deps.db, access, input.conversationId, ANSWERING_ROLES);
  if (!isOpen(conversation.status)) throw conversationEnded();
  await handBack(deps, {
    conversation,
    outcome: 'released',
    ...(input.groupId ? { groupId: input.groupId } : {}),
  });
}

/** Closes the conversation: the bot does not go on, and its result is completed. */
export async function closeConversation(deps: ChatDeps, access: Access, conversationId: string): Promise<void> {
  const conversation = await conversationFor(deps.db, access, conversationId, ANSWERING_ROLES);
  if (!(await claimEnding(deps.db, conversation.id))) throw conversationEnded();
  const now = new Date();
  const [line, result] = await deps.db.$transaction(async (tx) => {
    const lines = await appendLines(tx, conversation.id, [{ authorKind: 'bot', text: '', event: 'closed' }], now);
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { status: 'closed', outcome: 'closed', endedAt: now, openSessionId: null, endingUntil: null },
    });
    const completed = conversation.resultId
      ? await tx.result.updateManyAndReturn({
          where: { id: conversation.resultId, isCompleted: false },
          data: { isCompleted: true },
          select: { id: true, botId: true, updatedAt: true },
        })
      : [];
    return [lines[0]!, completed[0]] as const;
  });
  publishConversation(deps.live, conversation, 'closed', { seq: line.seq });
  await deliverToChannel(deps, conversation);
  if (result)
    deps.live.publish([
      { botId: result.botId, resultId: result.id, event: 'completed', isCompleted: true, updatedAt: result.updatedAt },
    ]);
}
