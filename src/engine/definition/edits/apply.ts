import type { BotDefinition } from '../parse';
import { addBlock, moveBlock, removeBlock, updateBlock } from './blocks';
import { connect, disconnect } from './connections';
import { Draft, type CreatedEntity } from './draft';
import { addGroup, removeGroup, updateGroup } from './groups';
import { mergeByKey } from './merge';
import type { Edit } from './schema';
import { addVariable, removeVariable, renameVariable } from './variables';

// Small edits to a draft, applied as one change: what a client that edits a
// bot step by step (an assistant, later live co-editing) sends instead of the
// whole definition. Applying is pure: the definition given is not touched,
// and the first edit that cannot apply refuses the whole list, so a caller
// never saves half of what it asked for. Edges are kept consistent as the
// definition format keeps them twice: an edge and its source's
// `outgoingEdgeId`. The list's schema is schema.ts; each family of edits
// applies in a module of its own.

export interface EditsApplied {
  definition: BotDefinition;
  created: CreatedEntity[];
}

/**
 * The definition with `edits` applied in order, and what they created. Ids
 * an edit leaves out come from `newId`. Throws an EditError naming the first
 * edit that cannot apply (its path in the list, and why); `definition` is
 * never changed.
 */
export function applyEdits(definition: BotDefinition, edits: readonly Edit[], newId: () => string): EditsApplied {
  const draft = new Draft(structuredClone(definition), newId);
  edits.forEach((edit, index) => apply(draft, edit, index));
  return { definition: draft.definition, created: draft.created };
}

function apply(draft: Draft, edit: Edit, index: number): void {
  draft.begin(index, edit.op);
  switch (edit.op) {
    case 'addGroup':
      return addGroup(draft, edit);
    case 'updateGroup':
      return updateGroup(draft, edit);
    case 'removeGroup':
      return removeGroup(draft, edit.groupId);
    case 'addBlock':
      return addBlock(draft, edit);
    case 'updateBlock':
      return updateBlock(draft, edit);
    case 'removeBlock':
      return removeBlock(draft, edit.blockId);
    case 'moveBlock':
      return moveBlock(draft, edit);
    case 'connect':
      return connect(draft, edit);
    case 'disconnect':
      return disconnect(draft, edit);
    case 'addVariable':
      return addVariable(draft, edit);
    case 'renameVariable':
      return renameVariable(draft, edit.variableId, edit.name);
    case 'removeVariable':
      return removeVariable(draft, edit.variableId);
    case 'updateSettings':
      draft.definition.settings = mergeByKey(draft.definition.settings, edit.settings);
      return;
    case 'updateTheme':
      draft.definition.theme = mergeByKey(draft.definition.theme, edit.theme);
      return;
  }
}
