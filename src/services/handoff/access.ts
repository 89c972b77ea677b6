import { ANY_ROLE, EDITOR_ROLES, type Access, type WorkspaceRole } from '../access';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';

export const conversationSelect = {
  id: true,
  workspaceId: true,
  botId: true,
  resultId: true,
  sessionId: true,
  blockId: true,
  status: true,
  assigneeId: true,
  visitorSeq: true,
  channel: true,
} as const;

const conversationNotFound = () => notFound('Conversation not found');

/**
 * The conversation when the caller's role in its workspace is one of `roles`:
 * NOT_FOUND outside the workspace (existence is not revealed), FORBIDDEN for
 * a role that may not act (a GUEST reads the inbox, never answers).
 */
export async function conversationFor(
  db: Db,
  access: Access,
  conversationId: string,
  roles: readonly WorkspaceRole[] = ANY_ROLE,
) {
  const conversation = await db.conversation.findUnique({ where: { id: conversationId }, select: conversationSelect });
  const role = conversation ? await access.roleIn(conversation.workspaceId) : null;
  if (!conversation || !role) throw conversationNotFound();
  if (!roles.includes(role)) throw forbidden();
  return conversation;
}

/** Who may answer: ADMIN and MEMBER. */
export const ANSWERING_ROLES = EDITOR_ROLES;
