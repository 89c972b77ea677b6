// A turn's Wait blocks in a channel. The web client sleeps through a `wait`
// action between two bubbles; a channel sends what follows the wait later:
// the turn is cut at each wait, and each piece is due that much later (the
// wait capped by PARLEY_CHANNEL_WAIT_CAP_MS, as the reference caps it at
// 10 s). The outbox holds a piece back until it is due, so no process sleeps.
import type { ChatMessage, ClientSideAction } from '../../engine/wire';
import type { TurnToSend } from './channel';

/** A piece of a turn and when it is due, in ms after the turn. */
export interface TimedTurn {
  delayMs: number;
  turn: TurnToSend;
}

/** The delay a wait action asks for, capped; 0 for any other action. */
export function waitOf(action: ClientSideAction, capMs: number): number {
  if (action.type !== 'wait') return 0;
  const seconds = Number((action.wait as { secondsToWaitFor?: unknown } | undefined)?.secondsToWaitFor);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, capMs) : 0;
}

/** The pieces of `turn`, in order, starting `startMs` after the turn; empty pieces left out. */
export function splitAtWaits(turn: TurnToSend, capMs: number, startMs = 0): TimedTurn[] {
  const actions = turn.clientSideActions ?? [];
  const bubbleIds = new Set(turn.messages.map((message) => message.id));
  const pieces: { delayMs: number; messages: ChatMessage[]; actions: ClientSideAction[] }[] = [];
  let current = { delayMs: startMs, messages: [] as ChatMessage[], actions: [] as ClientSideAction[] };
  pieces.push(current);
  const take = (action: ClientSideAction): void => {
    if (action.type !== 'wait') {
      current.actions.push(action);
      return;
    }
    current = { delayMs: current.delayMs + waitOf(action, capMs), messages: [], actions: [] };
    pieces.push(current);
  };
  // Actions following no bubble of the turn come before its bubbles (as the web client runs them).
  for (const action of actions) if (!action.lastBubbleBlockId || !bubbleIds.has(action.lastBubbleBlockId)) take(action);
  for (const message of turn.messages) {
    current.messages.push(message);
    for (const action of actions) if (action.lastBubbleBlockId === message.id) take(action);
  }
  return pieces
    .map((piece, index) => ({
      delayMs: piece.delayMs,
      turn: {
        messages: piece.messages,
        clientSideActions: piece.actions,
        ...(index === pieces.length - 1 && turn.input ? { input: turn.input } : {}),
      },
    }))
    .filter((piece) => piece.turn.messages.length > 0 || piece.turn.clientSideActions.length > 0 || piece.turn.input);
}

/** How long after the turn its last piece is due (where a paused wait's continuation starts). */
export function turnDurationMs(turn: TurnToSend, capMs: number, startMs = 0): number {
  return (turn.clientSideActions ?? []).reduce((total, action) => total + waitOf(action, capMs), startMs);
}
