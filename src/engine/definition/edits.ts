import { z } from 'zod';
import { isRecord } from '../json';
import { isMentionableName } from '../shapes/mentions';
import { renameVariableMentions } from '../variables/rename';
import { BLOCK_TYPES, BUBBLE_TYPES, START_TYPE } from './block-types';
import type { BotDefinition } from './parse';
import { variableSchema, type BlockDefinition, type EdgeDefinition, type GroupDefinition } from './schema';
import { isV6 } from './versions';

// Small edits to a draft, applied as one change: what a client that edits a
// bot step by step (an assistant, later live co-editing) sends instead of the
// whole definition. Applying is pure: the definition given is not touched,
// and the first edit that cannot apply refuses the whole list, so a caller
// never saves half of what it asked for. Edges are kept consistent as the
// definition format keeps them twice: an edge and its source's
// `outgoingEdgeId`.

// ---------------------------------------------------------------------------
// The edit list's schema. Exported so every face (GraphQL, REST, MCP) can
// describe it as JSON Schema (`z.toJSONSchema(editListSchema)`).

/** Ids a client chooses: any id it gives is kept, so it can refer to it in later edits of the same list. */
const givenId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"')
  .describe('Optional: a new id is made when absent (answered among the created ids).');
const ref = (what: string) =>
  z.string().min(1, 'must be a non-empty string').describe(`The id of a ${what} of the draft`);
const position = z
  .strictObject({ x: z.number(), y: z.number() })
  .describe('Top-left corner of the group on the canvas, in pixels.');
const index = z
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .describe("Where the block goes among the group's blocks (0: first); the end when absent.");
/** Edges are made by connect edits: an id here would point at an edge that does not exist. */
const noEdge = z
  .never({ error: 'connections are made with a connect edit, not set on a block or item' })
  .optional()
  .describe('Not here: connections are made with a connect edit.');

const newItemSchema = z
  .looseObject({ id: givenId.optional(), outgoingEdgeId: noEdge })
  .describe('An item of a block (a button of a choice input, a condition…), as in the definition, id optional.');

const ADDABLE_BLOCK_TYPES = BLOCK_TYPES.filter((type) => type !== START_TYPE);

const newBlockSchema = z
  .looseObject({
    id: givenId.optional(),
    type: z.enum(ADDABLE_BLOCK_TYPES, {
      error: (issue) => `unknown block type ${JSON.stringify(issue.input)} (the blockTypes query lists them)`,
    }),
    options: z.looseObject({}).optional(),
    content: z.looseObject({}).optional(),
    items: z.array(newItemSchema).optional(),
    outgoingEdgeId: noEdge,
  })
  .describe('A block as in the definition (type, options, content, items), id optional.');

const patchObject = z
  .record(z.string(), z.unknown())
  .describe('Keys merged into the existing object; a key set to null is removed.');

/** Where a connection leaves from: an event (v6), a block, one of its items (or a card item's path), or a group (its last block). */
const edgeSourceSchema = z
  .union(
    [
      z.strictObject({ eventId: ref('event') }),
      z.strictObject({
        blockId: ref('block'),
        itemId: ref('item of that block').optional(),
        pathId: ref("path of that item (cards' items)").optional(),
      }),
      z.strictObject({ groupId: ref('group').describe('The group leaves from its last block.') }),
    ],
    { error: 'must be {blockId, itemId?, pathId?}, {eventId} or {groupId}' },
  )
  .describe('{eventId} (the start event), {blockId, itemId?, pathId?}, or {groupId}: the group’s last block.');

const edgeTargetSchema = z
  .strictObject({ groupId: ref('group'), blockId: ref('block of that group').optional() })
  .describe('A group, or one of its blocks (the flow goes on from there).');

const atLeastOne =
  <T extends Record<string, unknown>>(keys: (keyof T & string)[]) =>
  (edit: T) =>
    keys.some((key) => edit[key] !== undefined);

const addGroup = z
  .strictObject({
    op: z.literal('addGroup'),
    id: givenId.optional(),
    title: z.string().optional().describe('"Group #n" when absent.'),
    position: position
      .optional()
      .describe("Free space to the right of the rightmost group (or the start) when absent: groups don't pile up."),
    blocks: z.array(newBlockSchema).optional(),
  })
  .describe('Adds a group, with its blocks.');

const updateGroup = z
  .strictObject({
    op: z.literal('updateGroup'),
    groupId: ref('group'),
    title: z.string().optional(),
    position: position.optional(),
  })
  .refine(atLeastOne(['title', 'position']), { message: 'give title, position or both' })
  .describe('Renames or moves a group.');

const removeGroup = z
  .strictObject({ op: z.literal('removeGroup'), groupId: ref('group') })
  .describe('Removes a group, its blocks and every connection from or to them.');

const addBlock = z
  .strictObject({ op: z.literal('addBlock'), groupId: ref('group'), block: newBlockSchema, index: index.optional() })
  .describe(
    "Adds a block to a group. Added last, it takes over the group's outgoing connection (the group still leads where it did).",
  );

const updateBlock = z
  .strictObject({
    op: z.literal('updateBlock'),
    blockId: ref('block'),
    options: patchObject.optional(),
    content: patchObject.optional(),
    items: z
      .array(newItemSchema)
      .optional()
      .describe('Replaces the items; an item keeping its id keeps its connection, a removed one loses it.'),
  })
  .refine(atLeastOne(['options', 'content', 'items']), { message: 'give options, content or items' })
  .describe("Changes a block: options and content are merged into the block's, items replaced.");

const removeBlock = z
  .strictObject({ op: z.literal('removeBlock'), blockId: ref('block') })
  .describe('Removes a block and every connection from or to it (its group stays, even empty).');

const moveBlock = z
  .strictObject({ op: z.literal('moveBlock'), blockId: ref('block'), groupId: ref('group'), index: index.optional() })
  .describe('Moves a block to a group (its own or another) at an index: its connections go with it.');

const connect = z
  .strictObject({ op: z.literal('connect'), id: givenId.optional(), from: edgeSourceSchema, to: edgeTargetSchema })
  .describe('Connects a source to a group or block; a source has one connection, so one it had is replaced.');

const disconnect = z
  .strictObject({ op: z.literal('disconnect'), edgeId: ref('edge').optional(), from: edgeSourceSchema.optional() })
  .refine((edit) => (edit.edgeId === undefined) !== (edit.from === undefined), {
    message: 'give either edgeId or from',
  })
  .describe('Removes a connection: by its id, or the one leaving a source.');

const variableName = z.string().trim().describe("The variable's name, as text mentions it: {{name}}.");

const addVariable = z
  .strictObject({
    op: z.literal('addVariable'),
    id: givenId.optional(),
    name: variableName,
    value: variableSchema.shape.value.describe('Its value before anything sets it.'),
  })
  .describe('Adds a variable.');

const renameVariable = z
  .strictObject({ op: z.literal('renameVariable'), variableId: ref('variable'), name: variableName })
  .describe('Renames a variable; every {{old name}} of the bot follows.');

const removeVariable = z
  .strictObject({ op: z.literal('removeVariable'), variableId: ref('variable') })
  .describe('Removes a variable (blocks and text that use it are left as they are).');

const updateSettings = z
  .strictObject({ op: z.literal('updateSettings'), settings: patchObject })
  .describe('Merges into the settings, per top-level key (settings.general merged into settings.general…).');

const updateTheme = z
  .strictObject({ op: z.literal('updateTheme'), theme: patchObject })
  .describe('Merges into the theme, per top-level key (theme.chat merged into theme.chat…).');

const EDITS = [
  addGroup,
  updateGroup,
  removeGroup,
  addBlock,
  updateBlock,
  removeBlock,
  moveBlock,
  connect,
  disconnect,
  addVariable,
  renameVariable,
  removeVariable,
  updateSettings,
  updateTheme,
] as const;

export const EDIT_OPS = EDITS.map((edit) => edit.shape.op.value);

export const editSchema = z.discriminatedUnion('op', EDITS, {
  error: (issue) => (issue.code === 'invalid_union' ? `op must be one of ${EDIT_OPS.join(', ')}` : undefined),
});

/** At most this many edits in one list: a whole bot is a few hundred. */
export const MAX_EDITS = 1000;

export const editListSchema = z
  .array(editSchema)
  .min(1, 'give at least one edit')
  .max(MAX_EDITS, `at most ${MAX_EDITS} edits at once`)
  .describe('Edits applied in order, all or none.');

export type Edit = z.output<typeof editSchema>;
type NewBlock = z.output<typeof newBlockSchema>;
type NewItem = z.output<typeof newItemSchema>;
type EdgeSourceInput = z.output<typeof edgeSourceSchema>;

// ---------------------------------------------------------------------------
// Applying.

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

export interface EditsApplied {
  definition: BotDefinition;
  created: CreatedEntity[];
}

type Item = NonNullable<BlockDefinition['items']>[number];
type EdgeSource = EdgeDefinition['from'];
type Path = { id?: unknown; outgoingEdgeId?: string | null };

/** Horizontal distance between a new group and the rightmost one: a group is about 300 px wide. */
const GROUP_SPACING = 400;

/**
 * The definition with `edits` applied in order, and what they created. Ids
 * an edit leaves out come from `newId`. Throws an EditError naming the first
 * edit that cannot apply (its path in the list, and why); `definition` is
 * never changed.
 */
export function applyEdits(definition: BotDefinition, edits: readonly Edit[], newId: () => string): EditsApplied {
  const draft = new Draft(structuredClone(definition), newId);
  edits.forEach((edit, index) => draft.apply(edit, index));
  return { definition: draft.definition, created: draft.created };
}

class Draft {
  readonly created: CreatedEntity[] = [];
  private editIndex = 0;
  private op: Edit['op'] = 'addGroup';

  constructor(
    readonly definition: BotDefinition,
    private readonly newId: () => string,
  ) {}

  apply(edit: Edit, index: number): void {
    this.editIndex = index;
    this.op = edit.op;
    switch (edit.op) {
      case 'addGroup':
        return this.addGroup(edit);
      case 'updateGroup': {
        const group = this.group(edit.groupId, ['groupId']);
        if (edit.title !== undefined) group.title = edit.title;
        if (edit.position) group.graphCoordinates = { ...edit.position };
        return;
      }
      case 'removeGroup':
        return this.removeGroup(edit.groupId);
      case 'addBlock': {
        const group = this.group(edit.groupId, ['groupId']);
        this.refuseStartGroup(group, ['groupId']);
        const block = this.newBlock(edit.block, group, ['block']);
        return this.place(block, group, edit.index);
      }
      case 'updateBlock':
        return this.updateBlock(edit);
      case 'removeBlock':
        return this.removeBlock(edit.blockId);
      case 'moveBlock':
        return this.moveBlock(edit);
      case 'connect':
        return this.connect(edit);
      case 'disconnect': {
        if (edit.edgeId !== undefined) {
          if (!this.definition.edges.some((edge) => edge.id === edit.edgeId))
            this.fail(['edgeId'], `No connection with id "${edit.edgeId}" in the draft`);
          return this.removeEdges((edge) => edge.id === edit.edgeId);
        }
        const source = this.source(edit.from!, ['from']);
        const key = sourceKey(source);
        if (!this.definition.edges.some((edge) => sourceKey(edge.from) === key))
          this.fail(['from'], `${describeSource(source)} has no outgoing connection`);
        return this.removeEdges((edge) => sourceKey(edge.from) === key);
      }
      case 'addVariable':
        return this.addVariable(edit);
      case 'renameVariable':
        return this.renameVariable(edit.variableId, edit.name);
      case 'removeVariable': {
        this.variable(edit.variableId, ['variableId']);
        this.definition.variables = this.definition.variables.filter((variable) => variable.id !== edit.variableId);
        return;
      }
      case 'updateSettings':
        this.definition.settings = mergeByKey(this.definition.settings, edit.settings);
        return;
      case 'updateTheme':
        this.definition.theme = mergeByKey(this.definition.theme, edit.theme);
        return;
    }
  }

  // --- Lookups: each fails with the edit's path when the id is not in the draft.

  private fail(path: (string | number)[], message: string): never {
    throw new EditError(this.editIndex, this.op, { message, path: ['edits', this.editIndex, ...path] });
  }

  private get legacy(): boolean {
    return !isV6(this.definition.version);
  }

  private group(groupId: string, path: (string | number)[]): GroupDefinition {
    const group = this.definition.groups.find((each) => each.id === groupId);
    return group ?? this.fail(path, `No group with id "${groupId}" in the draft`);
  }

  private locate(blockId: string, path: (string | number)[]): { group: GroupDefinition; index: number } {
    for (const group of this.definition.groups) {
      const index = group.blocks.findIndex((block) => block.id === blockId);
      if (index >= 0) return { group, index };
    }
    return this.fail(path, `No block with id "${blockId}" in the draft`);
  }

  private block(blockId: string, path: (string | number)[]): BlockDefinition {
    const { group, index } = this.locate(blockId, path);
    return group.blocks[index]!;
  }

  private variable(variableId: string, path: (string | number)[]) {
    const variable = this.definition.variables.find((each) => each.id === variableId);
    return variable ?? this.fail(path, `No variable with id "${variableId}" in the draft`);
  }

  /** Before v6 the start is a block of its own group, which holds nothing else. */
  private isStartGroup(group: GroupDefinition): boolean {
    return group.blocks.some((block) => block.type === START_TYPE);
  }

  private refuseStartGroup(group: GroupDefinition, path: (string | number)[]): void {
    if (this.legacy && this.isStartGroup(group))
      this.fail(
        path,
        `Group "${group.id}" is the start group of this version ${this.definition.version} bot: it holds only the start block`,
      );
  }

  private refuseStartBlock(block: BlockDefinition, path: (string | number)[]): void {
    if (block.type === START_TYPE)
      this.fail(path, `Block "${block.id}" is the start of this version ${this.definition.version} bot: it stays`);
  }

  private source(from: EdgeSourceInput, path: (string | number)[]): EdgeSource {
    if ('eventId' in from) {
      if (this.legacy)
        this.fail(
          [...path, 'eventId'],
          `A version ${this.definition.version} bot has no events: connect from its start block instead`,
        );
      if (!(this.definition.events ?? []).some((event) => event.id === from.eventId))
        this.fail([...path, 'eventId'], `No event with id "${from.eventId}" in the draft`);
      return { eventId: from.eventId };
    }
    if ('groupId' in from) {
      const group = this.group(from.groupId, [...path, 'groupId']);
      const last = group.blocks[group.blocks.length - 1];
      if (!last) this.fail([...path, 'groupId'], `Group "${group.id}" has no block to leave from`);
      return this.blockSource(group, last.id);
    }
    const { group, index } = this.locate(from.blockId, [...path, 'blockId']);
    const block = group.blocks[index]!;
    if (from.itemId === undefined) {
      if (from.pathId !== undefined) this.fail([...path, 'pathId'], 'a path belongs to an item: give itemId too');
      return this.blockSource(group, block.id);
    }
    const item = block.items?.find((each) => each.id === from.itemId);
    if (!item) this.fail([...path, 'itemId'], `Block "${block.id}" has no item with id "${from.itemId}"`);
    if (from.pathId !== undefined && !pathsOf(item).some((each) => each.id === from.pathId))
      this.fail([...path, 'pathId'], `Item "${item.id}" has no path with id "${from.pathId}"`);
    return {
      ...this.blockSource(group, block.id),
      itemId: item.id,
      ...(from.pathId !== undefined ? { pathId: from.pathId } : {}),
    };
  }

  /** Before v6 an edge's source names its group too, as Typebot wrote it. */
  private blockSource(group: GroupDefinition, blockId: string): { blockId: string; groupId?: string } {
    return this.legacy ? { groupId: group.id, blockId } : { blockId };
  }

  // --- Ids.

  private take(
    given: string | undefined,
    kind: CreatedKind,
    taken: (id: string) => boolean,
    path: (string | number)[],
  ) {
    if (given !== undefined && taken(given))
      this.fail(path, `The draft already has ${kind === 'edge' ? 'an' : 'a'} ${kind} with id "${given}"`);
    let id = given;
    // A generator is random, but an id it repeats must not alias another entity.
    while (id === undefined || taken(id)) id = this.newId();
    this.created.push({ edit: this.editIndex, kind, id });
    return id;
  }

  private hasBlock = (id: string) =>
    this.definition.groups.some((group) => group.blocks.some((block) => block.id === id));

  // --- Groups and blocks.

  private addGroup(edit: Extract<Edit, { op: 'addGroup' }>): void {
    const id = this.take(edit.id, 'group', (each) => this.definition.groups.some((group) => group.id === each), ['id']);
    const group: GroupDefinition = {
      id,
      title: edit.title ?? this.nextGroupTitle(),
      graphCoordinates: edit.position ? { ...edit.position } : this.freeSpot(),
      blocks: [],
    };
    this.definition.groups.push(group);
    (edit.blocks ?? []).forEach((given, index) => group.blocks.push(this.newBlock(given, group, ['blocks', index])));
  }

  private nextGroupTitle(): string {
    const used = new Set(this.definition.groups.map((group) => group.title));
    for (let n = this.definition.groups.length + 1; ; n += 1) if (!used.has(`Group #${n}`)) return `Group #${n}`;
  }

  /** Right of the rightmost group or event, level with it: each group a list adds goes further right. */
  private freeSpot(): { x: number; y: number } {
    const nodes = [...this.definition.groups, ...(this.definition.events ?? [])].flatMap((node) =>
      node.graphCoordinates ? [node.graphCoordinates] : [],
    );
    if (nodes.length === 0) return { x: 0, y: 0 };
    const rightmost = nodes.reduce((best, node) => (node.x > best.x ? node : best));
    return { x: Math.round(rightmost.x + GROUP_SPACING), y: Math.round(rightmost.y) };
  }

  private newBlock(given: NewBlock, group: GroupDefinition, path: (string | number)[]): BlockDefinition {
    const { id: givenBlockId, items, outgoingEdgeId: _none, ...rest } = given;
    const id = this.take(givenBlockId, 'block', this.hasBlock, [...path, 'id']);
    const block: BlockDefinition = { ...rest, id, ...(this.legacy ? { groupId: group.id } : {}) };
    if (items) block.items = this.newItems(items, block, [...path, 'items']);
    return block;
  }

  /** Items given for a block: ids it already has keep their item's connection, others are new. */
  private newItems(given: NewItem[], block: BlockDefinition, path: (string | number)[]): Item[] {
    const before = new Map((block.items ?? []).map((item) => [item.id, item]));
    const chosen = new Set(given.flatMap((item) => (item.id === undefined ? [] : [item.id])));
    const seen = new Set<string>();
    return given.map((item, index) => {
      const { id: givenItemId, outgoingEdgeId: _none, ...rest } = item;
      if (givenItemId !== undefined && seen.has(givenItemId))
        this.fail([...path, index, 'id'], `Two items have the id "${givenItemId}"`);
      const kept = givenItemId !== undefined && before.has(givenItemId);
      // A made id must not be one a later item of the list chose.
      const id = kept
        ? givenItemId
        : (givenItemId ?? this.take(undefined, 'item', (each) => seen.has(each) || chosen.has(each), []));
      if (!kept && givenItemId !== undefined) this.created.push({ edit: this.editIndex, kind: 'item', id });
      seen.add(id);
      const next: Item = { ...rest, id, ...(this.legacy ? { blockId: block.id } : {}) };
      const edgeId = kept ? before.get(id)!.outgoingEdgeId : undefined;
      if (edgeId) next.outgoingEdgeId = edgeId;
      return next;
    });
  }

  /** Puts a block in a group; placed last after a block that leads on, it takes that connection over. */
  private place(block: BlockDefinition, group: GroupDefinition, at: number | undefined): void {
    const end = group.blocks.length;
    if (at !== undefined && at > end)
      this.fail(
        ['index'],
        `Index ${at} is past the end of group "${group.id}" (it has ${end} block${end === 1 ? '' : 's'})`,
      );
    const position = at ?? end;
    const previousLast = group.blocks[end - 1];
    group.blocks.splice(position, 0, block);
    if (this.legacy) block.groupId = group.id;
    // The walker follows a block's connection before the next block: left on the previous last block, it would skip this one.
    if (position === end && previousLast?.outgoingEdgeId && !block.outgoingEdgeId && !block.items) {
      const edgeId = previousLast.outgoingEdgeId;
      const edge = this.definition.edges.find((each) => each.id === edgeId);
      if (edge) {
        edge.from = this.blockSource(group, block.id);
        block.outgoingEdgeId = edgeId;
        delete previousLast.outgoingEdgeId;
      }
    }
  }

  private removeGroup(groupId: string): void {
    const group = this.group(groupId, ['groupId']);
    if (this.legacy && this.isStartGroup(group))
      this.fail(
        ['groupId'],
        `Group "${group.id}" is the start group of this version ${this.definition.version} bot: it stays`,
      );
    const blockIds = new Set(group.blocks.map((block) => block.id));
    this.definition.groups = this.definition.groups.filter((each) => each !== group);
    this.removeEdges((edge) => edge.to.groupId === groupId || blockIds.has(fromBlock(edge.from)?.blockId ?? ''));
  }

  private updateBlock(edit: Extract<Edit, { op: 'updateBlock' }>): void {
    const block = this.block(edit.blockId, ['blockId']);
    if (edit.options) block.options = mergeRecord(block.options ?? {}, edit.options);
    if (edit.content) block.content = mergeRecord(block.content ?? {}, edit.content);
    if (!edit.items) return;
    block.items = this.newItems(edit.items, block, ['items']);
    const items = new Map(block.items.map((item) => [item.id, item]));
    // Connections of items (or their paths) that are gone go with them.
    this.removeEdges((edge) => {
      const from = fromBlock(edge.from);
      if (from?.blockId !== block.id || !from.itemId) return false;
      const item = items.get(from.itemId);
      const pathId = from.pathId;
      return !item || (typeof pathId === 'string' && !pathsOf(item).some((each) => each.id === pathId));
    });
  }

  private removeBlock(blockId: string): void {
    const { group, index } = this.locate(blockId, ['blockId']);
    this.refuseStartBlock(group.blocks[index]!, ['blockId']);
    group.blocks.splice(index, 1);
    this.removeEdges((edge) => fromBlock(edge.from)?.blockId === blockId || edge.to.blockId === blockId);
  }

  private moveBlock(edit: Extract<Edit, { op: 'moveBlock' }>): void {
    const { group: from, index } = this.locate(edit.blockId, ['blockId']);
    const block = from.blocks[index]!;
    this.refuseStartBlock(block, ['blockId']);
    const to = this.group(edit.groupId, ['groupId']);
    this.refuseStartGroup(to, ['groupId']);
    from.blocks.splice(index, 1);
    this.place(block, to, edit.index);
    if (from === to) return;
    for (const edge of this.definition.edges) {
      if (edge.to.blockId === block.id) edge.to.groupId = to.id;
      const source = fromBlock(edge.from);
      if (this.legacy && source?.blockId === block.id) source.groupId = to.id;
    }
  }

  // --- Connections.

  private connect(edit: Extract<Edit, { op: 'connect' }>): void {
    const source = this.source(edit.from, ['from']);
    if ('blockId' in source && !source.itemId && typeof source.blockId === 'string')
      this.assertFollowedFrom(source.blockId);
    const target = this.group(edit.to.groupId, ['to', 'groupId']);
    if (edit.to.blockId !== undefined && !target.blocks.some((block) => block.id === edit.to.blockId))
      this.fail(['to', 'blockId'], `Group "${target.id}" has no block with id "${edit.to.blockId}"`);
    const key = sourceKey(source);
    this.removeEdges((edge) => sourceKey(edge.from) === key);
    const id = this.take(edit.id, 'edge', (each) => this.definition.edges.some((edge) => edge.id === each), ['id']);
    this.definition.edges.push({
      id,
      from: source,
      to: { groupId: target.id, ...(edit.to.blockId !== undefined ? { blockId: edit.to.blockId } : {}) },
    });
    const holder = this.sourceHolder(source);
    if (holder) holder.outgoingEdgeId = id;
  }

  /** A message in the middle of its group leads on to the next block: a connection from it would never be followed. */
  private assertFollowedFrom(blockId: string): void {
    const { group, index } = this.locate(blockId, ['from', 'blockId']);
    const block = group.blocks[index]!;
    const last = group.blocks[group.blocks.length - 1]!;
    if ((BUBBLE_TYPES as readonly string[]).includes(block.type) && block !== last)
      this.fail(
        ['from', 'blockId'],
        `Block "${block.id}" is a message in the middle of group "${group.id}": the chat goes on to the next block and never follows a connection from it. Connect from the group (from: { groupId: "${group.id}" }) or its last block "${last.id}"`,
      );
  }

  /** The event, block, item or path that keeps a source's `outgoingEdgeId`. */
  private sourceHolder(source: EdgeSource): { outgoingEdgeId?: string | null } | undefined {
    if ('eventId' in source) return this.definition.events?.find((event) => event.id === source.eventId);
    return this.blockSourceHolder(fromBlock(source)!);
  }

  private blockSourceHolder(source: BlockSource): { outgoingEdgeId?: string | null } | undefined {
    const block = this.definition.groups.flatMap((group) => group.blocks).find((each) => each.id === source.blockId);
    if (!source.itemId) return block;
    const item = block?.items?.find((each) => each.id === source.itemId);
    if (!item || !source.pathId) return item;
    return pathsOf(item).find((each) => each.id === source.pathId);
  }

  /** Removes the edges `gone` selects, and every `outgoingEdgeId` that pointed at one. */
  private removeEdges(gone: (edge: EdgeDefinition) => boolean): void {
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

  // --- Variables.

  private checkName(name: string, except?: string): void {
    if (!isMentionableName(name)) this.fail(['name'], 'A variable needs a name without { or }: {{name}} mentions it');
    const other = this.definition.variables.find((variable) => variable.name === name && variable.id !== except);
    if (other) this.fail(['name'], `The variable "${other.id}" is already called "${name}"`);
  }

  private addVariable(edit: Extract<Edit, { op: 'addVariable' }>): void {
    this.checkName(edit.name);
    const id = this.take(
      edit.id,
      'variable',
      (each) => this.definition.variables.some((variable) => variable.id === each),
      ['id'],
    );
    this.definition.variables.push({ id, name: edit.name, ...(edit.value != null ? { value: edit.value } : {}) });
  }

  private renameVariable(variableId: string, name: string): void {
    const variable = this.variable(variableId, ['variableId']);
    this.checkName(name, variableId);
    const renamed = renameVariableMentions(this.definition, variable.name, name);
    Object.assign(this.definition, renamed);
    variable.name = name;
  }
}

// ---------------------------------------------------------------------------

/** A source that is not an event: a block, one of its items, or an item's path. */
interface BlockSource {
  blockId: string;
  groupId?: unknown;
  itemId?: string | null;
  pathId?: string | null;
}

function fromBlock(source: EdgeSource): BlockSource | undefined {
  return 'eventId' in source ? undefined : (source as BlockSource);
}

function sourceKey(edgeSource: EdgeSource): string {
  const source = fromBlock(edgeSource);
  return source
    ? `block:${source.blockId}:${source.itemId ?? ''}:${source.pathId ?? ''}`
    : `event:${(edgeSource as { eventId: string }).eventId}`;
}

function describeSource(edgeSource: EdgeSource): string {
  const source = fromBlock(edgeSource);
  if (!source) return `Event "${(edgeSource as { eventId: string }).eventId}"`;
  if (source.pathId) return `Path "${source.pathId}" of item "${source.itemId}"`;
  if (source.itemId) return `Item "${source.itemId}" of block "${source.blockId}"`;
  return `Block "${source.blockId}"`;
}

/** A card item's paths (each leads somewhere of its own). */
function pathsOf(item: Item): Path[] {
  const paths = (item as { paths?: unknown }).paths;
  return Array.isArray(paths) ? paths.filter((path): path is Path => isRecord(path)) : [];
}

/** `patch` merged into `base`: a key set to null is removed (as a JSON merge patch does). */
function mergeRecord(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Each top-level key of `patch` merged into the same key of `base` when both are objects, else set. */
function mergeByKey(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    if (value === null) delete merged[key];
    else merged[key] = isRecord(current) && isRecord(value) ? mergeRecord(current, value) : value;
  }
  return merged;
}
