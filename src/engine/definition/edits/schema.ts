import { z } from 'zod';
import { BLOCK_TYPES, START_TYPE } from '../block-types';
import { variableSchema } from '../schema';

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
export type NewBlock = z.output<typeof newBlockSchema>;
export type NewItem = z.output<typeof newItemSchema>;
export type EdgeSourceInput = z.output<typeof edgeSourceSchema>;
