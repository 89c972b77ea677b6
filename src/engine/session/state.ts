import type { Effect } from '../effects';
import type { Persistence } from '../persistence';
import type { ChatLog, TurnOutput } from '../wire';
import type { QueueEntry, ReturnMark } from './queue';
import type { TranscriptRecord } from './transcript';

export interface DynamicThemeTemplates {
  hostAvatarUrl?: string;
  guestAvatarUrl?: string;
  backgroundUrl?: string;
}

/**
 * Whether a preview's blocks may use the workspace's stored credentials
 * (docs/security.md#previews-and-stored-credentials): `allowed` for an
 * editor's preview of the stored draft; otherwise why not. Live chats always
 * may; a preview without it may not.
 */
export type PreviewCredentials = 'allowed' | 'request-definition' | 'guest';

export interface SessionState {
  formatVersion: 2;
  workspaceId: string;
  isPreview: boolean;
  /** Previews only (see PreviewCredentials). */
  previewCredentials?: PreviewCredentials;
  /** [0] is the bot running now; the rest are parents to return to. */
  queue: QueueEntry[];
  /** The block awaiting a reply (input, embed waiting for an event, action expecting a reply). */
  currentBlockId?: string;
  returnMark?: ReturnMark;
  dynamicTheme?: DynamicThemeTemplates;
  isStreamEnabled: boolean;
  /** The messaging channel the session runs in ("whatsapp", "telegram"); absent on the web. */
  channel?: string;
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
  /**
   * A person handed this conversation back (or nobody took it): what the bot
   * then said may still be owed to a client that cannot stream (the Typebot
   * embed), which gets it in the answer to its next message (docs/handoff.md).
   */
  handedBack?: { conversationId: string };
  /** A turn stopped for an effect the service must perform (see Effect). */
  pending?: PendingTurn;
  /**
   * The conversation so far (bot bubbles, accepted answers), recorded only when
   * a bot of the queue has a Set variable block of type "Transcript".
   */
  transcript?: TranscriptRecord;
}

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
