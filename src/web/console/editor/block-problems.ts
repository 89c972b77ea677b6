import type { Draft } from './draft';

/** Problems the API found in the draft, by block (flagged on the canvas). */
export interface BlockProblem {
  severity: 'error' | 'warning';
  code?: string;
  message: string;
  blockId?: string | null;
  groupId?: string | null;
}

/** What a problem is about on the canvas: a block, a group, or the start (a link leaving it). */
export type ProblemTarget = { blockId: string } | { groupId: string } | { eventId: string };

export interface LocatedProblem extends BlockProblem {
  target?: ProblemTarget;
}

/**
 * Where each problem is on the canvas. A link to a group that no longer
 * exists names no block (the API reports the edge by its place in the list):
 * the draft's dangling edges, in the same order, tell which block or start
 * it leaves from, so that error leads somewhere like every other problem.
 */
export function locateProblems(problems: readonly BlockProblem[], draft: Draft): LocatedProblem[] {
  const groups = new Set(draft.groups.map((group) => group.id));
  const dangling = draft.edges.filter((edge) => !groups.has(edge.to.groupId));
  let next = 0;
  return problems.map((problem) => {
    if (problem.blockId) return { ...problem, target: { blockId: problem.blockId } };
    if (problem.groupId) return { ...problem, target: { groupId: problem.groupId } };
    if (problem.code === 'MISSING_EDGE_TARGET') {
      const edge = dangling[next];
      next += 1;
      if (edge)
        return {
          ...problem,
          target: 'eventId' in edge.from ? { eventId: edge.from.eventId } : { blockId: edge.from.blockId },
        };
    }
    return problem;
  });
}

/** Each block with a problem and its worst severity (an error outranks a warning). */
export function flaggedBlocks(problems: readonly LocatedProblem[]): Map<string, 'error' | 'warning'> {
  const map = new Map<string, 'error' | 'warning'>();
  for (const problem of problems) {
    const blockId = problem.target && 'blockId' in problem.target ? problem.target.blockId : problem.blockId;
    if (blockId && map.get(blockId) !== 'error') map.set(blockId, problem.severity);
  }
  return map;
}
