// The chat's wire shapes: what a visitor sends, and the messages, input,
// actions and logs a turn answers (before the response adds the session's
// fields around them).

/** What a visitor sends. A bare string on the wire is a text message. */
export type ReplyMessage =
  | { type: 'text'; text: string; attachedFileUrls?: string[]; metadata?: { replyId?: string } }
  | { type: 'audio'; url: string }
  | { type: 'command'; command: string };

export type TextFormat = 'richText' | 'markdown';

export interface ChatMessage {
  id: string;
  type: string;
  content: unknown;
}

/** The input block as stored, variables substituted, plus runtime fields. */
export type InputObject = Record<string, unknown> & { id: string; type: string };

export interface ClientSideAction {
  type: string;
  [payload: string]: unknown;
  lastBubbleBlockId?: string;
  expectsDedicatedReply?: boolean;
}

export interface ChatLog {
  status?: 'success' | 'error' | 'info';
  description: string;
  details?: unknown;
  context?: string;
  /**
   * `result`: kept in the result's logs and shown to nobody (the reference stores it only); never on the wire
   * itself. Which logs visitors of public routes do not see is decided by description (src/engine/response.ts).
   */
  visibility?: 'result';
}

/** Everything one request produces besides the new state. */
export interface TurnOutput {
  messages: ChatMessage[];
  input?: InputObject;
  clientSideActions: ClientSideAction[];
  logs: ChatLog[];
  lastMessageNewFormat?: string;
  /** The reply failed validation: the response carries only messages and input. */
  isRetry: boolean;
  /**
   * The retry came after a reply event's sub-flow (the reply resumed once the
   * flow returned to the input): the reference then joins both responses, so
   * clientSideActions and logs are there, even empty.
   */
  retryAfterReplyEvent?: boolean;
  /** The turn walked the flow (continueChat then answers clientSideActions/logs even when empty). */
  walked: boolean;
  /** The walk stopped at a Handoff block: the service opens the conversation in the inbox (never on the wire as is). */
  handoff?: HandoffRequest;
}

/** A conversation the flow hands to a person (docs/handoff.md). */
export interface HandoffRequest {
  blockId: string;
  /** Nobody took it by then: the flow goes on along the block's outgoing edge. */
  timeoutSeconds: number;
  team?: string;
}
