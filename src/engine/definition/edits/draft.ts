import { START_TYPE } from '../block-types';
import type { BotDefinition } from '../parse';
import type { BlockDefinition, EdgeDefinition, GroupDefinition } from '../schema';
import { isV6 } from '../versions';
import type { Edit } from './schema';
import { pathsOf } from './sources';

// The draft a list of edits changes, as every family of edits uses it:
// lookups that fail with the path of the edit being applied, ids given or
// made, and edges removed together with the `outgoingEdgeId`s naming them.

export type CreatedKind = 'group' | 'block' | 'item' | 'edge' | 'variable';

/** Something an edit added, so the caller learns the ids it did not choose. */
export interface CreatedEntity {
  /** The index of the edit in the list. */
  edit: number;
  kind: CreatedKind;
  id: string;
}

export interface EditIssue {
  message: string;
  /** From the edit list: `['edits', 3, 'groupId']`. */
  path: (string | number)[];
}

/** An edit that cannot apply to the draft (an id it names is not there…): nothing of the list applies. */
export class EditError extends Error {
  constructor(
    readonly edit: number,
    readonly op: Edit['op'],
    readonly issue: EditIssue,
  ) {
    super(issue.message);
    this.name = 'EditError';
  }
}

export class Draft {
  readonly created: CreatedEntity[] = [];
  /** The index of the edit being applied. */
  editIndex = 0;
  private op: Edit['op'] = 'addGroup';

  constructor(
    readonly definition: BotDefinition,
    private readonly newId: () => string,
  ) {}

  /** The edit failures and created ids are told of from now on. */
  begin(index: number, op: Edit['op']): void {
    this.editIndex = index;
    this.op = op;
  }

  // --- Lookups: each fails with the edit's path when the id is not in the draft.

  fail(path: (string | number)[], message: string): never {
    throw new EditError(this.editIndex, this.op, { message, path: ['edits', this.editIndex, ...path] });
  }

  get legacy(): boolean {
    return !isV6(this.definition.version);
  }

  group(groupId: string, path: (string | number)[]): GroupDefinition {
    const group = this.definition.groups.find((each) => each.id === groupId);
    return group ?? this.fail(path, `No group with id "${groupId}" in the draft`);
  }

  locate(blockId: string, path: (string | number)[]): { group: GroupDefinition; index: number } {
    for (const group of this.definition.groups) {
      const index = group.blocks.findIndex((block) => block.id === blockId);
      if (index >= 0) return { group, index };
    }
    return this.fail(path, `No block with id "${blockId}" in the draft`);
  }

  block(blockId: string, path: (string | number)[]): BlockDefinition {
    const { group, index } = this.locate(blockId, path);
    return group.blocks[index]!;
  }

  variable(variableId: string, path: (string | number)[]) {
    const variable = this.definition.variables.find((each) => each.id === variableId);
    return variable ?? this.fail(path, `No variable with id "${variableId}" in the draft`);
  }

  /** Before v6 the start is a block of its own group, which holds nothing else. */
  isStartGroup(group: GroupDefinition): boolean {
    return group.blocks.some((block) => block.type === START_TYPE);
  }

  refuseStartGroup(group: GroupDefinition, path: (string | number)[]): void {
    if (this.legacy && this.isStartGroup(group))
      this.fail(
        path,
        `Group "${group.id}" is the start group of this version ${this.definition.version} bot: it holds only the start block`,
      );
  }

  refuseStartBlock(block: BlockDefinition, path: (string | number)[]): void {
    if (block.type === START_TYPE)
      this.fail(path, `Block "${block.id}" is the start of this version ${this.definition.version} bot: it stays`);
  }

  /** Before v6 an edge's source names its group too, as Typebot wrote it. */
  blockSource(group: GroupDefinition, blockId: string): { blockId: string; groupId?: string } {
    return this.legacy ? { groupId: group.id, blockId } : { blockId };
  }

  // --- Ids.

  take(given: string | undefined, kind: CreatedKind, taken: (id: string) => boolean, path: (string | number)[]) {
    if (given !== undefined && taken(given))
      this.fail(path, `The draft already has ${kind === 'edge' ? 'an' : 'a'} ${kind} with id "${given}"`);
    let id = given;
    // A generator is random, but an id it repeats must not alias another entity.
    while (id === undefined || taken(id)) id = this.newId();
    this.created.push({ edit: this.editIndex, kind, id });
    return id;
  }

  hasBlock = (id: string) => this.definition.groups.some((group) => group.blocks.some((block) => block.id === id));

  // --- Connections.

  /** Removes the edges `gone` selects, and every `outgoingEdgeId` that pointed at one. */
  removeEdges(gone: (edge: EdgeDefinition) => boolean): void {
    const removed = new Set(this.definition.edges.filter(gone).map((edge) => edge.id));
    if (removed.size === 0) return;
    this.definition.edges = this.definition.edges.filter((edge) => !removed.has(edge.id));
    const clear = (holder: { outgoingEdgeId?: string | null }) => {
      if (holder.outgoingEdgeId && removed.has(holder.outgoingEdgeId)) delete holder.outgoingEdgeId;
    };
    for (const event of this.definition.events ?? []) clear(event);
    for (const group of this.definition.groups)
      for (const block of group.blocks) {
        clear(block);
        for (const item of block.items ?? []) {
          clear(item);
          pathsOf(item).forEach(clear);
        }
      }
  }
}
