import { isRecord } from '../json';
import type { Problem } from '../problem-types';
import { blockLabel } from '../blocks/definitions';
import type { BlockDefinition } from '../definition/schema';
import type { Located } from './located';

// Blocks that are probably unfinished: an input that saves its answer
// nowhere, an integration with no account selected.

/** Buttons whose every item leads somewhere of its own: a menu, whose answer is the way the visitor took. */
function isMenu(block: BlockDefinition): boolean {
  const items = (block as { items?: unknown }).items;
  return (
    Array.isArray(items) &&
    items.length > 0 &&
    items.every((item) => isRecord(item) && typeof item.outgoingEdgeId === 'string' && item.outgoingEdgeId !== '')
  );
}

export function inputProblems(blocks: Located[]): Problem[] {
  return blocks
    .filter(
      ({ block, handler }) =>
        handler.category === 'input' &&
        !isMenu(block) &&
        !(isRecord(block.options) && typeof block.options.variableId === 'string' && block.options.variableId !== ''),
    )
    .map(({ group, block, path }) => ({
      severity: 'warning' as const,
      code: 'ANSWER_NOT_SAVED' as const,
      message: 'The answer is not saved in a variable',
      groupId: group.id,
      blockId: block.id,
      path: [...path, 'options', 'variableId'],
    }));
}

export function credentialsProblems(blocks: Located[]): Problem[] {
  return blocks
    .filter(
      ({ block, handler }) =>
        handler.needsCredentials &&
        !(
          isRecord(block.options) &&
          typeof block.options.credentialsId === 'string' &&
          block.options.credentialsId !== ''
        ),
    )
    .map(({ group, block, path }) => ({
      severity: 'warning' as const,
      code: 'MISSING_CREDENTIALS' as const,
      message: `No account is selected: this ${blockLabel(block.type)} block does nothing without one (add one in Settings → Credentials)`,
      groupId: group.id,
      blockId: block.id,
      path: [...path, 'options', 'credentialsId'],
    }));
}
