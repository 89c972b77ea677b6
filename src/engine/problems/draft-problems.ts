import { blockProblems, type BlockProblemsContext } from '../block-problems';
import { parseDefinition, type DefinitionIssue } from '../definition/parse';
import { isRecord } from '../json';
import type { Problem } from '../problem-types';
import { valueShapeProblems } from '../value-shape-problems';
import { schemaProblems } from './block-schemas';
import { edgeProblems, flowProblems } from './flow';
import { located } from './located';
import { credentialsProblems, inputProblems } from './unfinished-blocks';
import { unknownVariableProblems, variableProblems } from './variables';

// What the editor shows of a draft before it is published: errors stop a
// publish (the bot would break or say nothing), warnings point at what is
// probably unfinished. Read from the definition alone, without running it;
// each kind of problem is found by a module of its own.

/** The group and block a parse issue's path points into, when it does. */
function issueLocation(raw: unknown, issue: DefinitionIssue): Pick<Problem, 'groupId' | 'blockId'> {
  const [root, g, key, b] = issue.path;
  if (root !== 'groups' || typeof g !== 'number' || !isRecord(raw) || !Array.isArray(raw.groups)) return {};
  const group: unknown = raw.groups[g];
  if (!isRecord(group)) return {};
  const groupId = typeof group.id === 'string' ? { groupId: group.id } : {};
  const block: unknown =
    key === 'blocks' && typeof b === 'number' && Array.isArray(group.blocks) ? group.blocks[b] : undefined;
  return { ...groupId, ...(isRecord(block) && typeof block.id === 'string' ? { blockId: block.id } : {}) };
}

/**
 * The problems of a draft (a stored definition, any supported version): a
 * definition that does not parse has only its parse errors. Errors first.
 * With the workspace's credentials, the accounts blocks name are checked too.
 */
export function draftProblems(raw: unknown, context: BlockProblemsContext = {}): Problem[] {
  const parsed = parseDefinition(raw);
  if (!parsed.ok) {
    return parsed.issues.map((issue) => ({
      severity: 'error',
      code: issue.message.startsWith('unknown block type') ? 'UNKNOWN_BLOCK_TYPE' : 'INVALID_DEFINITION',
      message: issue.message,
      ...issueLocation(raw, issue),
      path: issue.path,
    }));
  }
  const definition = parsed.definition;
  const blocks = located(definition);
  const problems = [
    ...schemaProblems(blocks),
    ...edgeProblems(definition),
    ...flowProblems(definition, blocks),
    ...inputProblems(blocks),
    ...variableProblems(definition, blocks),
    ...unknownVariableProblems(definition),
    ...credentialsProblems(blocks),
    ...blockProblems(definition, context),
    ...valueShapeProblems(definition),
  ];
  return [
    ...problems.filter((problem) => problem.severity === 'error'),
    ...problems.filter((problem) => problem.severity === 'warning'),
  ];
}
