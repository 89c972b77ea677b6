import type { EdgeDefinition } from '../definition/schema';
import type { ReplyMessage } from '../wire';
import type { RuntimeVariable } from './variables';

/** How a queue entry's definition is found again on the next turn. */
export type BotRef =
  /** A published revision (live chats): immutable, cached by the service. */
  | { kind: 'snapshot'; botId: string; revision: number }
  /** A definition carried in the session itself (previews: a body bot or a draft). */
  | { kind: 'inline'; botId: string; definition: unknown };

export interface Answer {
  key: string;
  value: string;
}

export interface QueueEntry {
  bot: BotRef;
  /** The session copy of the bot's variables, with current values. */
  variables: RuntimeVariable[];
  /** Edges added at runtime (jump, return, link, command resume); never stored in the bot. */
  virtualEdges: EdgeDefinition[];
  /** Absent in previews. */
  resultId?: string;
  answers: Answer[];
  /** Edges to follow when this bot's flow dead-ends (resume points of a link). */
  queuedEdgeIds: string[];
  isMergingWithParent: boolean;
}

export interface ReturnMark {
  status: 'pending' | 'called';
  blockId: string;
  autoResumeMessage?: ReplyMessage;
}
