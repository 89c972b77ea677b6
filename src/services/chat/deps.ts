import type { ChatStore, Db } from '../../db/client';
import type { CodeRunner } from '../../engine/contracts';
import type { AiClient } from '../../integrations/ai/client';
import type { SecretBox } from '../credentials/secret-box';
import type { LiveResults } from '../live/live-results';
import { DEFAULT_HANDOFF_LIMITS, type HandoffLimits } from '../handoff/types';
import type { ChatQuota } from '../quota';
import { DEFAULT_SESSION_BOUNDS, type SessionBounds } from './bounds';
import { DEFAULT_EFFECT_TIMEOUTS, type EffectPerformers, type EffectTimeouts } from './effects';
import type { TurnLimits } from './engine-env';
import { DEFAULT_OUTBOUND_LIMITS, WorkspaceOutbound } from './outbound-budget';
import { DEFAULT_CLAIM, type ClaimOptions } from './sessions';

// What the chat use cases run on, built once per server: the settings a
// server may leave out get their defaults here, so no use case applies one.

/** The chat services' dependencies as the server configures them (optional settings left out take defaults). */
export interface ChatDepsInput {
  db: Db;
  /** The hot path's prepared statements: claims and turn commits. */
  store: ChatStore;
  code: CodeRunner;
  /**
   * Where anonymous previews' code runs: a lane apart, so it never holds up
   * published bots' code (the sandbox pool's `untrusted`); `code` when absent.
   */
  untrustedCode?: CodeRunner;
  /** Where members' previews' code runs: a lane apart from published bots' too (the pool's `preview`); `code` when absent. */
  previewCode?: CodeRunner;
  /** Requests to the outside world one turn and one workspace may make (outbound-budget.ts). */
  outbound?: WorkspaceOutbound;
  limits: TurnLimits;
  sessionTtlMs: number;
  claim?: ClaimOptions;
  /** Encrypts and decrypts stored credentials (GraphQL writes them, the runtime reads them). */
  secrets: SecretBox;
  /** Who performs each effect kind (the integrations). */
  effects: EffectPerformers;
  /** Streams AI completions to clients (the stream endpoint); the effects complete them whole. */
  ai: AiClient;
  effectTimeouts?: EffectTimeouts;
  /** Where committed turns announce the results they changed (live results subscriptions). */
  live: LiveResults;
  /** What one session may make Parley store (answers, client logs, variables, its state). */
  bounds?: SessionBounds;
  /** The workspaces' chats quota, checked when a live chat starts. */
  quota: ChatQuota;
  /** Bounds of the inbox of conversations handed to people (docs/handoff.md#bounds). */
  handoffLimits?: HandoffLimits;
}

/** The chat services' dependencies, every setting resolved. */
export type ChatDeps = Required<ChatDepsInput>;

export function chatDeps(input: ChatDepsInput): ChatDeps {
  return {
    ...input,
    untrustedCode: input.untrustedCode ?? input.code,
    previewCode: input.previewCode ?? input.code,
    outbound: input.outbound ?? new WorkspaceOutbound(DEFAULT_OUTBOUND_LIMITS),
    claim: input.claim ?? DEFAULT_CLAIM,
    effectTimeouts: input.effectTimeouts ?? DEFAULT_EFFECT_TIMEOUTS,
    bounds: input.bounds ?? DEFAULT_SESSION_BOUNDS,
    handoffLimits: input.handoffLimits ?? DEFAULT_HANDOFF_LIMITS,
  };
}
