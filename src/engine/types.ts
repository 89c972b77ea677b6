// Wire and runtime types of the flow engine. The engine is pure: everything it
// needs from the outside world comes through EngineEnv, everything it wants done
// comes back as data (TurnResult, Effect).
import type { BlockDefinition, EdgeDefinition, EventDefinition, GroupDefinition } from './definition/schema';
import type { DefinitionVersion } from './definition/versions';

export type { BlockDefinition, EdgeDefinition, EventDefinition, GroupDefinition };

/** Variable values are a string, a list of (string | null), or null (cleared). */
export type VariableValue = string | (string | null)[] | null;

export interface RuntimeVariable {
  id: string;
  name: string;
  value?: VariableValue;
  isSessionVariable?: boolean;
}

/**
 * A definition ready to run: the structure migrated to v6 in memory (start
 * event, no start block), `version` kept as written because some behaviours
 * depend on it (lists in v5 text bubbles, link-to-bot merge default).
 */
export interface RuntimeBot {
  id: string;
  version: DefinitionVersion;
  groups: GroupDefinition[];
  edges: EdgeDefinition[];
  events: EventDefinition[];
  variables: RuntimeVariable[];
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
}

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

export interface DynamicThemeTemplates {
  hostAvatarUrl?: string;
  guestAvatarUrl?: string;
  backgroundUrl?: string;
}

export interface SessionState {
  formatVersion: 2;
  workspaceId: string;
  isPreview: boolean;
  /** [0] is the bot running now; the rest are parents to return to. */
  queue: QueueEntry[];
  /** The block awaiting a reply (input, embed waiting for an event, action expecting a reply). */
  currentBlockId?: string;
  returnMark?: ReturnMark;
  dynamicTheme?: DynamicThemeTemplates;
  isStreamEnabled: boolean;
  /** Present when the progress bar is enabled. */
  progress?: { totalAnswers: number };
  allowedOrigins?: string[];
  visitedEdgeCount: number;
  /** Next index of the result's set-variable history (continues a remembered result's). */
  setVariableHistoryIndex?: number;
  /** isOnlyRegistering: the flow starts on the first continueChat. */
  isRegisteredOnly?: boolean;
  /** What an outside system posted to the wait-for-webhook block the session waits on; the next turn's reply. */
  webhookReply?: { blockId: string; payload: unknown };
  /** A turn stopped for an effect the service must perform (see Effect). */
  pending?: PendingTurn;
  /**
   * The conversation so far (bot bubbles, accepted answers), recorded only when
   * a bot of the queue has a Set variable block of type "Transcript".
   */
  transcript?: TranscriptRecord;
}

/**
 * A recorded transcript, kept append-only: the first `stored` lines were
 * written out by earlier turns (the service keeps them apart from the state,
 * one row each), `recent` are the lines recorded since. A turn then never
 * rewrites the lines before it; the whole transcript is read only when a Set
 * variable "Transcript" block asks for it (the `loadTranscript` effect).
 */
export interface TranscriptRecord {
  stored: number;
  /** UTF-8 size of the stored lines' JSON: counts in the session's size bound as when they were in the state. */
  storedBytes: number;
  recent: TranscriptTurn[];
}

/** One turn of the conversation, as the transcript records it (docs/engine-behaviour.md#transcript). */
export interface TranscriptTurn {
  role: 'bot' | 'user';
  type: 'text' | 'image' | 'video' | 'audio';
  text?: string;
  image?: string;
  video?: string;
  audio?: string;
}

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
   * Who sees it besides the result's logs (never on the wire itself):
   * `sensitive`, not the visitors of public routes (starts, and continues
   * outside previews: the reference's filterPotentiallySensitiveLogs, webhook
   * and e-mail outcomes); `result`, nobody (the reference stores it only).
   */
  visibility?: 'sensitive' | 'result';
}

/** Rows the service writes when it commits the turn (live sessions only). */
export interface Persistence {
  answers: {
    resultId: string;
    blockId: string;
    groupId?: string;
    variableId?: string;
    content: string;
    attachedFileUrls?: string[];
  }[];
  /** Replies an input refused (validation failed), kept for the result's transcript only. */
  rejectedAnswers: { resultId: string; blockId: string; content: string }[];
  visitedEdges: { resultId: string; edgeId: string; index: number }[];
  /** Values given to variables, in order (blockIndex: the index when the setting block started). */
  setVariableHistory: {
    resultId: string;
    index: number;
    blockIndex: number;
    blockId: string;
    variableId: string;
    value: VariableValue;
  }[];
  /** Results that must exist before answers are written (link to another bot without merge). */
  newResults: { resultId: string; botId: string }[];
  /** Results of linked bots whose flow returned to the parent. */
  completedResults: { resultId: string; hasStarted: boolean }[];
  logs: (ChatLog & { resultId?: string })[];
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
}

export type TurnStatus = 'awaiting-input' | 'awaiting-reply' | 'ended' | 'effect';

/**
 * Work the engine cannot do itself (I/O): the walk stops, the service performs
 * it asynchronously (its own timeout, the session claim kept alive, the turn's
 * block budget not running meanwhile) and resumes the turn with the outcome,
 * as many times as a turn needs. Integration blocks add their kinds here.
 */
export type Effect = EffectTiming &
  (
    | { type: 'loadBot'; botId: string }
    | { type: 'httpRequest'; request: HttpRequestSpec }
    | { type: 'sendEmail'; email: EmailSpec }
    | { type: 'aiChat'; request: AiChatRequest }
    /** A QR code image of this text (the service renders it and answers its URL). */
    | { type: 'qrCode'; data: string }
    /** The first `lines` lines of the session's transcript, written out by earlier turns (see TranscriptRecord). */
    | { type: 'loadTranscript'; lines: number }
  );

/** The AI services blocks call: OpenAI-compatible chat completions, Anthropic's messages API. */
export type AiProvider =
  'openai' | 'mistral' | 'groq' | 'together-ai' | 'open-router' | 'deepseek' | 'perplexity' | 'anthropic';

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A completion a block asks for; the service adds the API key of the credentials (bot's workspace only). */
export interface AiChatRequest {
  provider: AiProvider;
  /**
   * `chat`: chat completions (messages for Anthropic); `responses`: OpenAI's
   * Responses API (Ask Model); `transcription`: speech to text of `audioUrl`;
   * `speech`: text to speech of `input` (the answer's text is the audio's URL).
   */
  api: 'chat' | 'responses' | 'transcription' | 'speech';
  credentialsId: string;
  /** The block's own base URL; the credentials' one wins (as the reference), then the provider's default. */
  baseUrl?: string;
  /** Azure OpenAI's `api-version` query parameter. */
  apiVersion?: string;
  model: string;
  messages: AiMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object of this JSON schema (Generate variables). */
  jsonSchema?: Record<string, unknown>;
  /** Responses API: the conversation to continue, and the instructions. */
  previousResponseId?: string;
  instructions?: string;
  /** Transcription: the audio file (downloaded through the outbound guard) and a prompt guiding the model. */
  audioUrl?: string;
  prompt?: string;
  /** Speech: the text, the voice, and how to say it. */
  input?: string;
  voice?: string;
}

export interface AiUsage {
  totalTokens?: number;
  promptTokens?: number;
  completionTokens?: number;
}

/** An e-mail a block wants sent (SMTP credentials of the bot's workspace, or the server's). */
export interface EmailSpec {
  /** `default`: the server's SMTP settings; else workspace credentials of type smtp. */
  credentialsId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string;
  /** Display name of the sender (from the reply-to "Name <address>"). */
  fromName?: string;
  subject: string;
  body: { kind: 'html' | 'text'; content: string };
  /** The conversation sending it (its result): an e-mail is sent once per conversation, a few at most. */
  conversation: string;
}

export type SendEmailOutcome = 'sent' | 'already-sent' | 'limit-reached' | 'no-credentials' | 'failed';

/** An HTTP request a block wants sent (through the outbound guard). */
export interface HttpRequestSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Absent for GET. */
  body?: string;
}

/** An HTTP answer as blocks see it: the status and the body, JSON-parsed when it is JSON. */
export interface HttpResponseData {
  statusCode: number;
  data: unknown;
}

export interface EffectTiming {
  /** How long the block lets this effect take (ms); the runner's default when absent, capped by its maximum. */
  timeoutMs?: number;
}

export type EffectResult =
  | { type: 'loadBot'; bot: RuntimeBot | null; ref: BotRef | null }
  /** `refusal`: the outbound guard's reason when the request was not sent. */
  | ({ type: 'httpRequest'; refusal?: string } & HttpResponseData)
  | { type: 'sendEmail'; outcome: SendEmailOutcome; message?: string }
  | { type: 'aiChat'; outcome: 'ok'; text: string; usage: AiUsage; responseId?: string }
  | { type: 'aiChat'; outcome: 'no-credentials' }
  | { type: 'qrCode'; url: string }
  | { type: 'loadTranscript'; lines: TranscriptTurn[] }
  /** The provider refused or failed (`status`: its HTTP status when it answered). */
  | { type: 'aiChat'; outcome: 'error'; status?: number; message: string; details?: string }
  /** The effect did not complete: it timed out, or its performer failed. */
  | { type: 'failed'; effect: Effect['type']; reason: 'timeout' | 'error'; message: string };

export interface PendingTurn {
  effect: Effect;
  /** Where the walk stopped and what it had produced so far. */
  cursor: WalkCursor;
  output: TurnOutput;
  persistence: Persistence;
  blocksExecuted: number;
  /** Logs that go last in the output once the turn is done (a preview start's start-props notice). */
  trailingLogs?: ChatLog[];
}

export interface WalkCursor {
  groupId: string;
  blockIndex: number;
  lastBubbleBlockId?: string;
}

export interface TurnResult {
  state: SessionState;
  output: TurnOutput;
  persistence: Persistence;
  status: TurnStatus;
  effect?: Effect;
}

/** Runs bot-author JavaScript in a sandbox (no host access, CPU and memory limits). */
export interface CodeRunner {
  run(request: CodeRequest): Promise<CodeResult>;
}

export interface CodeRequest {
  /** A function body: may use `return`, `await` (run as an async function when `isAsync`). */
  body: string;
  /** Globals visible to the code, by name. */
  globals: Record<string, unknown>;
  isAsync: boolean;
  /** Provide setVariable(name, value) to the code (Code block only). */
  allowSetVariable?: boolean;
  /** Provide fetch(url, init) → the response's text, through the outbound guard (server-side Code and Set variable code, as in the reference). */
  allowFetch?: boolean;
}

export type CodeResult =
  { ok: true; value: unknown; setVariables: { name: string; value: unknown }[] } | { ok: false; error: string };

export interface EngineEnv {
  now(): Date;
  /** Uniform in [0, 1). */
  random(): number;
  newId(): string;
  code: CodeRunner;
  limits: { maxBlocksPerTurn: number; turnBudgetMs: number };
  /**
   * Replays only (a result's transcript): the value the conversation gave
   * this variable when this block ran, taken instead of computing it again
   * (code, random ids, dates, answers of outside systems); undefined when
   * none was recorded.
   */
  recordedValue?(blockId: string, variableId: string): { value: unknown } | undefined;
  /** Milliseconds the turn has spent so far, effects excluded (the wall-clock budget). */
  elapsedMs(): number;
}
