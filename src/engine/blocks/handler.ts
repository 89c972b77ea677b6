// The contract every block module implements, and what it may use while it runs.
import type { ZodType } from 'zod';
import type { Condition } from '../conditions/evaluate';
import type { BlockType } from '../definition/block-types';
import type { TurnPart } from '../channel-parts';
import type { AiChatRequest, AiMessage } from '../contracts';
import type { BlockDefinition, EdgeDefinition, GroupDefinition } from '../definition/schema';
import type {
  ChatLog,
  ChatMessage,
  ClientSideAction,
  HandoffRequest,
  InputObject,
  ReplyMessage,
  TextFormat,
} from '../wire';
import type { Effect, EffectResult } from '../effects';
import type { EngineEnv } from '../env';
import type { Persistence } from '../persistence';
import type { QueueEntry, SessionState, TranscriptTurn } from '../session';
import type { RuntimeBot } from '../definition/runtime-bot';
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

/** What a block contributes to the start props (tracking set up before the chat starts). */
export interface StartPropsPart {
  googleAnalyticsId?: string;
  pixelId?: string;
}

/**
 * What analyses of a flow read from a block without running it (progress,
 * link discovery, start props, transcript recording): each block module
 * answers for its own type, so nothing outside `blocks/` switches on types.
 */
export interface FlowHooks {
  /** The schema of the block's `options` (see options.ts): parsed once when a definition is loaded. */
  options: ZodType;
  /** Item-based blocks: the schema of each of `items` as an author writes it (the editor's form; problems check it). */
  item?: ZodType;
  /** An unconditional jump: the group (by id, or a {{variable}} resolved at run time) and block it goes to. */
  jumpTarget?(block: BlockDefinition): { groupId: string; blockId?: string } | undefined;
  /** A link to a bot: its id ('current' for the bot itself) and the group it enters, when one is set. */
  linkTarget?(block: BlockDefinition): { botId: string; groupId?: string } | undefined;
  /** An item without an edge ends the walk when the item applies (Condition). */
  itemWithoutEdgeEndsWalk?: boolean;
  /** What the block lacks to show or do anything (INCOMPLETE_BLOCK warnings), each with where it belongs. */
  lacks?(block: BlockDefinition): Lack[];
  startProps?(block: BlockDefinition): StartPropsPart | undefined;
  /** The session records the conversation (from the start) because of this block. */
  needsTranscript?(block: BlockDefinition): boolean;
  /**
   * Waits for a person of the workspace (Handoff): what it asks the service for, read from the block as
   * written (no variables). Only the service's release goes on from it (`releaseHandoff`).
   */
  handsOff?(block: BlockDefinition): HandoffRequest;
  /** Waits for an outside system: a payload posted to executeWebhook is its reply. */
  acceptsWebhookPayload?: boolean;
  /** Does nothing without `options.credentialsId` (an account of the workspace): a draft without one has a problem. */
  needsCredentials?: boolean;
  /**
   * The kinds of credentials (`type`s of the workspace's credentials) `options.credentialsId` may name: the editor
   * lists only those, and a draft naming one of another kind has a problem. Empty: Parley has no kind for the
   * service (every value is a problem).
   */
  credentialsTypes?: readonly string[];
  /** A `credentialsId` that names no account of the workspace but the server's own (Send e-mail's "default" SMTP). */
  builtInCredentialsId?: string;
  /** What the palette inserts besides an input's labels and retry message (none: an empty block of the type). */
  newBlock?: NewBlockParts;
}

/** Something a block lacks: the words an author reads, and where in the block it belongs. */
export interface Lack {
  message: string;
  at: (string | number)[];
}

/** What a new block of the type holds besides its type (the ids of the block, items and paths are the editor's to give). */
export interface NewBlockParts {
  options?: Record<string, unknown>;
  content?: Record<string, unknown>;
  items?: Record<string, unknown>[];
}

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
  /** The walk stops for a person (Handoff): the service opens the conversation; `input` is what the visitor writes in. */
  handOff(request: HandoffRequest, input: InputObject): void;
  /** Adds (or retargets) a runtime edge of queue[0] and returns its id. */
  virtualEdge(to: { groupId: string; blockId?: string }): string;
  /** The client already showed the next bubble (a streamed AI answer): the walk does not send it again. */
  skipNextBubble(): void;
  /** A linked bot now runs in this session: a transcript it asks for is recorded from here on. */
  linkedBotStarted(bot: RuntimeBot): void;
}

export interface BubbleHandler<T extends BlockType = BlockType> extends FlowHooks {
  category: 'bubble';
  type: T;
  /** The schema of the bubble's `content` as an author writes it (the editor's form; problems check it). */
  content: ZodType;
  /** As the last message of a walk, the client is busy with it: a parent bot is not resumed (embed). */
  keepsClientBusy?: boolean;
  /** The bubble's line in a recorded transcript; none when absent. */
  transcriptTurn?(message: ChatMessage): TranscriptTurn | undefined;
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

export interface InputHandler<T extends BlockType = BlockType> extends FlowHooks {
  category: 'input';
  type: T;
  /** False when a start's message never answers this input (docs/engine-behaviour.md#starting-with-a-message). */
  answersFirstMessage?: boolean;
  /** Value written to a reply event's input-type variable (docs/engine-behaviour.md#input-type-names). */
  replyEventType: string;
  /** The `input` object of the response (items filtered, variables substituted, prefilledValue). */
  display(block: BlockDefinition, ctx: BlockContext): Promise<InputObject>;
  parse(block: BlockDefinition, reply: ReplyMessage | undefined, ctx: BlockContext): Awaitable<ReplyParse>;
  /** Built-in retry text when the block has no retryMessageContent (email, payment). */
  defaultRetryMessage?: string;
  /**
   * The input as a messaging channel shows it (buttons, a numbered list, cards), after the bubbles before it
   * (`prompt`: the last text bubble, which buttons may carry). None: the person answers with a text, a file or
   * a location, and nothing is shown for the input itself.
   */
  channelParts?(input: InputObject, prompt: unknown[] | undefined): TurnPart[];
  /** The last text bubble before the input travels with its parts as their `prompt` (WhatsApp's buttons need a body). */
  channelPartsCarryPrompt?: boolean;
  /** A visitor may upload files while the block waits (its reply, or attachments to it). */
  takesUploads?(block: BlockDefinition): boolean;
}

export interface LogicHandler<T extends BlockType = BlockType> extends FlowHooks {
  /** Logic and integration blocks run the same way in the walker. */
  category: 'logic' | 'integration';
  type: T;
  execute(block: BlockDefinition, ctx: BlockContext): Awaitable<Outcome>;
  /** The client's dedicated reply after `await-reply` (set variable on client, HTTP on client...). */
  onReply?(block: BlockDefinition, reply: ReplyMessage | undefined, ctx: BlockContext): Awaitable<Outcome>;
  /** `effect`: what the block asked for (as it was sent), with what came of it. */
  onEffect?(block: BlockDefinition, result: EffectResult, ctx: BlockContext, effect: Effect): Awaitable<Outcome>;
  /**
   * AI blocks that offered the `stream` action: the completion the stream
   * endpoint sends while the session waits on this block (`messages`: what a
   * legacy client sends back), or the reference's refusal.
   */
  streamRequest?(
    block: BlockDefinition,
    ctx: BlockContext,
    messages?: AiMessage[],
  ): Awaitable<AiChatRequest | { status: number; message: string }>;
  /** What a finished stream leaves besides its text (the Responses API's response id), stored while the session still waits. */
  onStreamed?(block: BlockDefinition, ctx: BlockContext, outcome: { responseId?: string }): void;
}

export type BlockHandler<T extends BlockType = BlockType> = BubbleHandler<T> | InputHandler<T> | LogicHandler<T>;

export type Edge = EdgeDefinition;
