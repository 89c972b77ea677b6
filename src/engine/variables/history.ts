// Set-variable history (reference: updateVariablesInSession): every value a
// block gives a variable of a live result, in order, so a result's transcript
// can later show bubbles with the values they had at that point.
import type { Persistence, RuntimeVariable, SessionState } from '../types';

/**
 * A VariableStore listener recording each set made while `blockId` runs.
 * `blockIndex` is the history index when the block started, shared by all its
 * rows, as the reference does; previews record nothing (no result).
 */
export function historyRecorder(state: SessionState, persistence: Persistence, blockId: string): ((variable: RuntimeVariable) => void) | undefined {
  const resultId = state.queue[0]!.resultId;
  if (!resultId || state.isPreview) return undefined;
  const blockIndex = state.setVariableHistoryIndex ?? 0;
  return (variable) => {
    const index = state.setVariableHistoryIndex ?? 0;
    persistence.setVariableHistory.push({ resultId, index, blockIndex, blockId, variableId: variable.id, value: variable.value ?? null });
    state.setVariableHistoryIndex = index + 1;
  };
}
