import type { Persistence } from '../persistence';
import type { TurnOutput } from '../wire';

/** What one request accumulates while it walks the flow. */
export interface Turn {
  output: TurnOutput;
  persistence: Persistence;
  /** Id of the last bubble emitted in this walk: stamped on client actions. */
  lastBubbleBlockId?: string;
  blocksExecuted: number;
  /** The next block walked is not sent when it is a bubble (the client streamed it). */
  skipNextBubble?: boolean;
}

export function emptyPersistence(): Persistence {
  return {
    answers: [],
    rejectedAnswers: [],
    visitedEdges: [],
    setVariableHistory: [],
    newResults: [],
    completedResults: [],
    logs: [],
  };
}

export function newTurn(): Turn {
  return {
    output: { messages: [], clientSideActions: [], logs: [], isRetry: false, walked: false },
    persistence: emptyPersistence(),
    blocksExecuted: 0,
  };
}
