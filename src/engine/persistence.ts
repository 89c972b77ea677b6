import type { VariableValue } from './session/variables';
import type { ChatLog } from './wire';

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
