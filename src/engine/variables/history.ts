// Set-variable history (reference: updateVariablesInSession): every value a
// block gives a variable of a live result, in order, so a result's transcript
// can later show bubbles with the values they had at that point.
import type { EngineEnv } from '../env';
import type { Persistence } from '../persistence';
import type { RuntimeVariable, SessionState } from '../session';
import { VariableStore } from './store';

/**
 * A VariableStore listener recording each set made while `blockId` runs.
 * `blockIndex` is the history index when the block started, shared by all its
 * rows, as the reference does; previews record nothing (no result).
 */
export function historyRecorder(
  state: SessionState,
  persistence: Persistence,
  blockId: string,
): ((variable: RuntimeVariable) => void) | undefined {
  const resultId = state.queue[0]!.resultId;
  if (!resultId || state.isPreview) return undefined;
  const blockIndex = state.setVariableHistoryIndex ?? 0;
  return (variable) => {
    const index = state.setVariableHistoryIndex ?? 0;
    persistence.setVariableHistory.push({
      resultId,
      index,
      blockIndex,
      blockId,
      variableId: variable.id,
      value: variable.value ?? null,
    });
    state.setVariableHistoryIndex = index + 1;
  };
}

/**
 * The variables a block (or a virtual block: an event) writes through: its
 * sets recorded in the history and, in a replay, given the recorded values.
 */
export function blockVariables(
  state: SessionState,
  persistence: Persistence,
  env: EngineEnv,
  blockId: string,
): VariableStore {
  const recorded = env.recordedValue;
  return new VariableStore(
    state.queue[0]!.variables,
    historyRecorder(state, persistence, blockId),
    recorded && ((variableId) => recorded(blockId, variableId)),
  );
}
