/** Problems the API found in the draft, by block (flagged on the canvas). */
export interface BlockProblem {
  severity: 'error' | 'warning';
  message: string;
  blockId?: string | null;
  groupId?: string | null;
}

/** Each block with a problem and its worst severity (an error outranks a warning). */
export function flaggedBlocks(problems: readonly BlockProblem[]): Map<string, 'error' | 'warning'> {
  const map = new Map<string, 'error' | 'warning'>();
  for (const problem of problems)
    if (problem.blockId && map.get(problem.blockId) !== 'error') map.set(problem.blockId, problem.severity);
  return map;
}
