// The contract every block module implements, and what it may use while it runs.
import type { Condition } from '../conditions/evaluate';
import type {
  BlockDefinition,
  ChatLog,
  ChatMessage,
  ClientSideAction,
  EdgeDefinition,
  Effect,
  EffectResult,
  EngineEnv,
  GroupDefinition,
  InputObject,
  Persistence,
  QueueEntry,
  ReplyMessage,
  RuntimeBot,
  SessionState,
  TextFormat,
} from '../types';
import type { VariableStore } from '../variables/store';

/** Handlers whose work never waits may answer at once; the walker awaits either. */
export type Awaitable<T> = T | Promise<T>;

/** What a block tells the walker to do next. */
export type Outcome =
  /** Run the next block of the group (at the group's end: the last block's own edge). */
  | { kind: 'next' }
  /** Leave the group through this edge. */
  | { kind: 'goto'; edgeId: string }
  /** Stop the walk here (a linked child then returns to its parent). */
  | { kind: 'end' }
  /** Stop and wait for the client's dedicated reply to this block. */
  | { kind: 'await-reply' }
  /** Stop until the service performed this effect; then `onEffect` runs. */
  | { kind: 'effect'; effect: Effect };

/** The running bot and session, as blocks see them. */
export interface BlockContext {
  env: EngineEnv;
  state: SessionState;
  /** queue[0]: the bot running now. */
  entry: QueueEntry;
  bot: RuntimeBot;
  group: GroupDefinition;
  blockIndex: number;
  textFormat: TextFormat;
  variables: VariableStore;
  /** Plain-text substitution of {{variables}} and {{= inline code =}} (code runs in the sandbox, off the event loop). */
  text(template: string): Promise<string>;
  /** Substitutes every string of a JSON tree (inline code included). */
  deep<T>(value: T): Promise<T>;
  evaluateCondition(condition: Condition | undefined | null): Promise<boolean>;
  /** Rows the service writes with this turn (live sessions). */
  persistence: Persistence;
  log(log: ChatLog): void;
  message(message: ChatMessage): void;
  /** Appends a client action, stamped with the last bubble emitted so far. */
  action(action: ClientSideAction): void;
  /** Adds (or retargets) a runtime edge of queue[0] and returns its id. */
  virtualEdge(to: { groupId: string; blockId?: string }): string;
}

export interface BubbleHandler {
  category: 'bubble';
  type: string;
  /** The message for this bubble, or null to skip it (no content). */
  toMessage(block: BlockDefinition, ctx: BlockContext): Awaitable<ChatMessage | null>;
  /** An embed waiting for an event stops the walk until the client replies. */
  waitsForReply?(block: BlockDefinition): boolean;
  /** Handles the client's reply to a bubble that waited for one. */
  onReply?(block: BlockDefinition, reply: ReplyMessage | undefined, ctx: BlockContext): Awaitable<void>;
}

export type ReplyParse =
  | {
      status: 'ok';
      /** Normalised content (saved as the answer and into the input's variable). */
      content: string;
      /** An item/path edge chosen by the reply. */
      edgeId?: string;
      /** Extra variables set by the reply (cards mapping). */
      variables?: { id: string; value: unknown }[];
    }
  | { status: 'fail' }
  | { status: 'skip' };

export interface InputHandler {
  category: 'input';
  type: string;
  /** Value written to a reply event's input-type variable (reference §1.7). */
  replyEventType: string;
  /** The `input` object of the response (items filtered, variables substituted, prefilledValue). */
  display(block: BlockDefinition, ctx: BlockContext): Promise<InputObject>;
  parse(block: BlockDefinition, reply: ReplyMessage | undefined, ctx: BlockContext): Awaitable<ReplyParse>;
  /** Built-in retry text when the block has no retryMessageContent (email, payment). */
  defaultRetryMessage?: string;
}

export interface LogicHandler {
  /** Logic and integration blocks run the same way in the walker. */
  category: 'logic' | 'integration';
  type: string;
  execute(block: BlockDefinition, ctx: BlockContext): Awaitable<Outcome>;
  /** The client's dedicated reply after `await-reply` (set variable on client, HTTP on client...). */
  onReply?(block: BlockDefinition, reply: ReplyMessage | undefined, ctx: BlockContext): Awaitable<Outcome>;
  onEffect?(block: BlockDefinition, result: EffectResult, ctx: BlockContext): Awaitable<Outcome>;
}

export type BlockHandler = BubbleHandler | InputHandler | LogicHandler;

export type Edge = EdgeDefinition;
