import { z } from 'zod';
import { applyEdits, type EditsApplied } from '../../../../src/engine/definition/edits/apply';
import { EditError } from '../../../../src/engine/definition/edits/draft';
import { EDIT_OPS, editListSchema, type Edit } from '../../../../src/engine/definition/edits/schema';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';

function definition(raw: Record<string, unknown>): BotDefinition {
  const parsed = parseDefinition({ version: '6.1', edges: [], variables: [], theme: {}, settings: {}, ...raw });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.definition;
}

const text = (id: string, words: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: words }] }] },
});

/**
 * Start → g1 (b1 text, b2 choice with items i1 → g3, i2) ; g1's b2 block edge → g2 ;
 * g2 (b3 text input saving v1) → g3 ; g3 (b4 text mentioning {{Name}}).
 */
const bot = () =>
  definition({
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Welcome',
        graphCoordinates: { x: 300, y: 0 },
        blocks: [
          text('b1', 'Hi'),
          {
            id: 'b2',
            type: 'choice input',
            outgoingEdgeId: 'e-b2',
            items: [
              { id: 'i1', content: 'Yes', outgoingEdgeId: 'e-i1' },
              { id: 'i2', content: 'No' },
            ],
          },
        ],
      },
      {
        id: 'g2',
        title: 'Ask',
        graphCoordinates: { x: 700, y: 100 },
        blocks: [{ id: 'b3', type: 'text input', options: { variableId: 'v1' }, outgoingEdgeId: 'e-b3' }],
      },
      { id: 'g3', title: 'Bye', graphCoordinates: { x: 1100, y: 50 }, blocks: [text('b4', 'Bye {{Name}}')] },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e-b2', from: { blockId: 'b2' }, to: { groupId: 'g2' } },
      { id: 'e-i1', from: { blockId: 'b2', itemId: 'i1' }, to: { groupId: 'g3' } },
      { id: 'e-b3', from: { blockId: 'b3' }, to: { groupId: 'g3', blockId: 'b4' } },
    ],
    variables: [{ id: 'v1', name: 'Name' }],
    settings: { general: { isBrandingEnabled: true, rememberUser: { isEnabled: false } }, typingEmulation: {} },
    theme: { chat: { hostBubbles: { backgroundColor: '#ffffff' } }, general: { font: 'Inter' } },
  });

function ids(): () => string {
  let n = 0;
  return () => `new${++n}`;
}

/** Edits as a client sends them: parsed by the exported schema first, as the server does. */
function apply(base: BotDefinition, edits: unknown[]): EditsApplied {
  return applyEdits(base, editListSchema.parse(edits), ids());
}

function refusal(base: BotDefinition, edits: unknown[]): EditError {
  try {
    apply(base, edits);
  } catch (error) {
    if (error instanceof EditError) return error;
    throw error;
  }
  throw new Error('the edits applied');
}

/** The draft is still a valid definition, as a save will check. */
function parsesAgain(result: BotDefinition): BotDefinition {
  const parsed = parseDefinition(result);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.definition;
}

const groupOf = (result: BotDefinition, id: string) => result.groups.find((group) => group.id === id)!;
const blockOf = (result: BotDefinition, id: string) =>
  result.groups.flatMap((group) => group.blocks).find((block) => block.id === id)!;
const edgeIds = (result: BotDefinition) => result.edges.map((edge) => edge.id).sort();

describe('groups', () => {
  it('addGroup: blocks and items without ids get new ones, all answered; the group goes right of the rightmost', () => {
    const { definition: result, created } = apply(bot(), [
      {
        op: 'addGroup',
        title: 'Contact',
        blocks: [
          { type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Your e-mail?' }] }] } },
          { type: 'choice input', items: [{ content: 'A' }, { id: 'mine', content: 'B' }] },
        ],
      },
      { op: 'addGroup', id: 'g-next' },
    ]);
    expect(created).toEqual([
      { edit: 0, kind: 'group', id: 'new1' },
      { edit: 0, kind: 'block', id: 'new2' },
      { edit: 0, kind: 'block', id: 'new3' },
      { edit: 0, kind: 'item', id: 'new4' },
      { edit: 0, kind: 'item', id: 'mine' },
      { edit: 1, kind: 'group', id: 'g-next' },
    ]);
    const added = groupOf(result, 'new1');
    expect(added).toEqual({
      id: 'new1',
      title: 'Contact',
      graphCoordinates: { x: 1500, y: 50 },
      blocks: [
        { id: 'new2', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Your e-mail?' }] }] } },
        {
          id: 'new3',
          type: 'choice input',
          items: [
            { id: 'new4', content: 'A' },
            { id: 'mine', content: 'B' },
          ],
        },
      ],
    });
    // A second group added in the same list does not land on the first.
    expect(groupOf(result, 'g-next')).toMatchObject({ title: 'Group #5', graphCoordinates: { x: 1900, y: 50 } });
    parsesAgain(result);
  });

  it('addGroup: an id the draft has, or a block id it has, is refused at its path', () => {
    expect(refusal(bot(), [{ op: 'addGroup', id: 'g2' }]).issue).toEqual({
      message: 'The draft already has a group with id "g2"',
      path: ['edits', 0, 'id'],
    });
    expect(refusal(bot(), [{ op: 'addGroup', blocks: [text('x', ''), text('b1', '')] }]).issue).toEqual({
      message: 'The draft already has a block with id "b1"',
      path: ['edits', 0, 'blocks', 1, 'id'],
    });
  });

  it('updateGroup renames and moves; an unknown group is a precise refusal', () => {
    const { definition: result } = apply(bot(), [
      { op: 'updateGroup', groupId: 'g2', title: 'Question', position: { x: 10, y: 20 } },
    ]);
    expect(groupOf(result, 'g2')).toMatchObject({ title: 'Question', graphCoordinates: { x: 10, y: 20 } });
    const error = refusal(bot(), [
      { op: 'updateGroup', groupId: 'g1', title: 'A' },
      { op: 'updateGroup', groupId: 'g9', title: 'B' },
    ]);
    expect(error.edit).toBe(1);
    expect(error.issue).toEqual({ message: 'No group with id "g9" in the draft', path: ['edits', 1, 'groupId'] });
  });

  it('removeGroup removes the edges from and to it, and every outgoingEdgeId that pointed at them', () => {
    const { definition: result } = apply(bot(), [{ op: 'removeGroup', groupId: 'g1' }]);
    expect(result.groups.map((group) => group.id)).toEqual(['g2', 'g3']);
    // e0 led to g1; e-b2 and e-i1 left from its blocks.
    expect(edgeIds(result)).toEqual(['e-b3']);
    expect(result.events![0]).not.toHaveProperty('outgoingEdgeId');
    parsesAgain(result);

    const third = apply(bot(), [{ op: 'removeGroup', groupId: 'g3' }]).definition;
    expect(edgeIds(third)).toEqual(['e-b2', 'e0']);
    expect(blockOf(third, 'b3')).not.toHaveProperty('outgoingEdgeId');
    expect(blockOf(third, 'b2').items![0]).toEqual({ id: 'i1', content: 'Yes' });
    expect(blockOf(third, 'b2').outgoingEdgeId).toBe('e-b2');
  });
});

describe('blocks', () => {
  it('addBlock at an index; added last, it takes over where the group led', () => {
    const { definition: result, created } = apply(bot(), [
      { op: 'addBlock', groupId: 'g2', block: text('first', 'Hello'), index: 0 },
      { op: 'addBlock', groupId: 'g2', block: { type: 'email input', options: { variableId: 'v1' } } },
    ]);
    expect(groupOf(result, 'g2').blocks.map((block) => block.id)).toEqual(['first', 'b3', 'new1']);
    expect(created).toEqual([
      { edit: 0, kind: 'block', id: 'first' },
      { edit: 1, kind: 'block', id: 'new1' },
    ]);
    expect(blockOf(result, 'b3')).not.toHaveProperty('outgoingEdgeId');
    expect(blockOf(result, 'new1').outgoingEdgeId).toBe('e-b3');
    expect(result.edges.find((edge) => edge.id === 'e-b3')!.from).toEqual({ blockId: 'new1' });
    parsesAgain(result);
  });

  it('addBlock past the end of the group, or a start block, is refused', () => {
    expect(refusal(bot(), [{ op: 'addBlock', groupId: 'g2', block: text('x', ''), index: 2 }]).issue).toEqual({
      message: 'Index 2 is past the end of group "g2" (it has 1 block)',
      path: ['edits', 0, 'index'],
    });
    const parsed = editListSchema.safeParse([{ op: 'addBlock', groupId: 'g2', block: { type: 'start' } }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: [0, 'block', 'type'] });
  });

  it('updateBlock merges options and content (null removes a key) and replaces items, which keep their connections by id', () => {
    const base = definition({
      ...bot(),
      groups: bot().groups.map((group) =>
        group.id === 'g2'
          ? {
              ...group,
              blocks: [
                {
                  id: 'b3',
                  type: 'text input',
                  options: { variableId: 'v1', labels: { placeholder: 'Type…' }, isLong: true },
                  outgoingEdgeId: 'e-b3',
                },
              ],
            }
          : group,
      ),
    });
    const { definition: result, created } = apply(base, [
      { op: 'updateBlock', blockId: 'b3', options: { labels: { button: 'Send' }, isLong: null } },
      { op: 'updateBlock', blockId: 'b4', content: { richText: [{ type: 'p', children: [{ text: 'Ciao' }] }] } },
      { op: 'updateBlock', blockId: 'b2', items: [{ content: 'Maybe' }, { id: 'i1', content: 'Yes!' }] },
    ]);
    expect(blockOf(result, 'b3')).toEqual({
      id: 'b3',
      type: 'text input',
      options: { variableId: 'v1', labels: { button: 'Send' } },
      outgoingEdgeId: 'e-b3',
    });
    expect(blockOf(result, 'b4').content).toEqual({ richText: [{ type: 'p', children: [{ text: 'Ciao' }] }] });
    expect(blockOf(result, 'b2').items).toEqual([
      { id: 'new1', content: 'Maybe' },
      { id: 'i1', content: 'Yes!', outgoingEdgeId: 'e-i1' },
    ]);
    expect(created).toEqual([{ edit: 2, kind: 'item', id: 'new1' }]);
    expect(edgeIds(result)).toEqual(edgeIds(base));

    const dropped = apply(base, [
      { op: 'updateBlock', blockId: 'b2', items: [{ id: 'i2', content: 'No' }] },
    ]).definition;
    expect(edgeIds(dropped)).toEqual(['e-b2', 'e-b3', 'e0']);
    parsesAgain(dropped);
  });

  it('updateBlock needs something to change; an item may not carry a connection', () => {
    expect(editListSchema.safeParse([{ op: 'updateBlock', blockId: 'b2' }]).error!.issues[0]).toMatchObject({
      message: 'give options, content or items',
      path: [0],
    });
    expect(
      editListSchema.safeParse([{ op: 'updateBlock', blockId: 'b2', items: [{ outgoingEdgeId: 'e0' }] }]).error!
        .issues[0],
    ).toMatchObject({
      message: 'connections are made with a connect edit, not set on a block or item',
      path: [0, 'items', 0, 'outgoingEdgeId'],
    });
  });

  it('removeBlock removes its edges, from it, its items, and to it', () => {
    const { definition: result } = apply(bot(), [
      { op: 'removeBlock', blockId: 'b2' },
      { op: 'removeBlock', blockId: 'b4' },
    ]);
    expect(groupOf(result, 'g1').blocks.map((block) => block.id)).toEqual(['b1']);
    // The group stays, empty: a later edit may fill it.
    expect(groupOf(result, 'g3').blocks).toEqual([]);
    expect(edgeIds(result)).toEqual(['e0']);
    expect(blockOf(result, 'b3')).not.toHaveProperty('outgoingEdgeId');
    parsesAgain(result);
  });

  it('moveBlock: to another group, at an index; edges to it follow, its own go with it', () => {
    const { definition: result } = apply(bot(), [
      { op: 'moveBlock', blockId: 'b4', groupId: 'g1', index: 0 },
      { op: 'moveBlock', blockId: 'b1', groupId: 'g1', index: 1 },
    ]);
    expect(groupOf(result, 'g1').blocks.map((block) => block.id)).toEqual(['b4', 'b1', 'b2']);
    expect(result.edges.find((edge) => edge.id === 'e-b3')!.to).toEqual({ groupId: 'g1', blockId: 'b4' });
    parsesAgain(result);
    expect(refusal(bot(), [{ op: 'moveBlock', blockId: 'b4', groupId: 'g1', index: 3 }]).issue).toEqual({
      message: 'Index 3 is past the end of group "g1" (it has 2 blocks)',
      path: ['edits', 0, 'index'],
    });
    expect(refusal(bot(), [{ op: 'moveBlock', blockId: 'zz', groupId: 'g1' }]).issue).toEqual({
      message: 'No block with id "zz" in the draft',
      path: ['edits', 0, 'blockId'],
    });
  });
});

describe('connections', () => {
  it('connect replaces the edge its source had (deleted) and sets the outgoingEdgeId', () => {
    const { definition: result, created } = apply(bot(), [
      { op: 'connect', from: { blockId: 'b2' }, to: { groupId: 'g3' } },
    ]);
    expect(created).toEqual([{ edit: 0, kind: 'edge', id: 'new1' }]);
    expect(edgeIds(result)).toEqual(['e-b3', 'e-i1', 'e0', 'new1']);
    expect(result.edges.at(-1)).toEqual({ id: 'new1', from: { blockId: 'b2' }, to: { groupId: 'g3' } });
    expect(blockOf(result, 'b2').outgoingEdgeId).toBe('new1');
    parsesAgain(result);
  });

  it('connect from an item, an event, a group (its last block), to a block; with an id of its own', () => {
    const { definition: result } = apply(bot(), [
      { op: 'connect', from: { blockId: 'b2', itemId: 'i2' }, to: { groupId: 'g3', blockId: 'b4' }, id: 'no' },
      { op: 'connect', from: { eventId: 'start' }, to: { groupId: 'g2' }, id: 'begin' },
      { op: 'connect', from: { groupId: 'g3' }, to: { groupId: 'g1' }, id: 'again' },
    ]);
    expect(blockOf(result, 'b2').items![1]).toEqual({ id: 'i2', content: 'No', outgoingEdgeId: 'no' });
    expect(result.events![0]!.outgoingEdgeId).toBe('begin');
    expect(blockOf(result, 'b4').outgoingEdgeId).toBe('again');
    expect(result.edges.find((edge) => edge.id === 'again')!.from).toEqual({ blockId: 'b4' });
    expect(edgeIds(result)).toEqual(['again', 'begin', 'e-b2', 'e-b3', 'e-i1', 'no']);
    parsesAgain(result);
  });

  it('connect refuses what is not there, at its path', () => {
    const cases: [unknown, { message: string; path: (string | number)[] }][] = [
      [
        { op: 'connect', from: { blockId: 'b2', itemId: 'i9' }, to: { groupId: 'g3' } },
        { message: 'Block "b2" has no item with id "i9"', path: ['edits', 0, 'from', 'itemId'] },
      ],
      [
        { op: 'connect', from: { blockId: 'b3' }, to: { groupId: 'g3', blockId: 'b1' } },
        { message: 'Group "g3" has no block with id "b1"', path: ['edits', 0, 'to', 'blockId'] },
      ],
      [
        { op: 'connect', from: { groupId: 'g1' }, to: { groupId: 'g9' } },
        { message: 'No group with id "g9" in the draft', path: ['edits', 0, 'to', 'groupId'] },
      ],
      [
        { op: 'connect', from: { eventId: 'nope' }, to: { groupId: 'g1' } },
        { message: 'No event with id "nope" in the draft', path: ['edits', 0, 'from', 'eventId'] },
      ],
      [
        { op: 'connect', from: { blockId: 'b3' }, to: { groupId: 'g2' }, id: 'e0' },
        { message: 'The draft already has an edge with id "e0"', path: ['edits', 0, 'id'] },
      ],
      [
        // A message in the middle of its group: the chat goes on to the next block, the connection would be dead.
        { op: 'connect', from: { blockId: 'b1' }, to: { groupId: 'g3' } },
        {
          message:
            'Block "b1" is a message in the middle of group "g1": the chat goes on to the next block and never follows a connection from it. Connect from the group (from: { groupId: "g1" }) or its last block "b2"',
          path: ['edits', 0, 'from', 'blockId'],
        },
      ],
    ];
    for (const [edit, issue] of cases) expect(refusal(bot(), [edit]).issue).toEqual(issue);
  });

  it('disconnect by id or by source clears the outgoingEdgeId', () => {
    const { definition: result } = apply(bot(), [
      { op: 'disconnect', edgeId: 'e-i1' },
      { op: 'disconnect', from: { groupId: 'g2' } },
    ]);
    expect(edgeIds(result)).toEqual(['e-b2', 'e0']);
    expect(blockOf(result, 'b2').items![0]).toEqual({ id: 'i1', content: 'Yes' });
    expect(blockOf(result, 'b3')).not.toHaveProperty('outgoingEdgeId');
    expect(refusal(bot(), [{ op: 'disconnect', from: { blockId: 'b1' } }]).issue).toEqual({
      message: 'Block "b1" has no outgoing connection',
      path: ['edits', 0, 'from'],
    });
    expect(refusal(bot(), [{ op: 'disconnect', edgeId: 'x' }]).issue.path).toEqual(['edits', 0, 'edgeId']);
  });
});

describe('variables', () => {
  it('addVariable, with a value; a name already used is refused', () => {
    const { definition: result, created } = apply(bot(), [
      { op: 'addVariable', name: ' Email ' },
      { op: 'addVariable', name: 'Score', value: 3, id: 'v-score' },
    ]);
    expect(result.variables).toEqual([
      { id: 'v1', name: 'Name' },
      { id: 'new1', name: 'Email' },
      { id: 'v-score', name: 'Score', value: '3' },
    ]);
    expect(created.map((entry) => entry.id)).toEqual(['new1', 'v-score']);
    expect(refusal(bot(), [{ op: 'addVariable', name: 'Name' }]).issue).toEqual({
      message: 'The variable "v1" is already called "Name"',
      path: ['edits', 0, 'name'],
    });
    expect(refusal(bot(), [{ op: 'addVariable', name: 'a{b' }]).issue.path).toEqual(['edits', 0, 'name']);
  });

  it('renameVariable: every {{Old}} mention follows, blocks keep the id', () => {
    const base = definition({ ...bot(), settings: { general: { greeting: 'Hello {{Name}}' } } });
    const { definition: result } = apply(base, [{ op: 'renameVariable', variableId: 'v1', name: 'First name' }]);
    expect(result.variables).toEqual([{ id: 'v1', name: 'First name' }]);
    expect(blockOf(result, 'b4').content).toEqual({
      richText: [{ type: 'p', children: [{ text: 'Bye {{First name}}' }] }],
    });
    expect(result.settings).toEqual({ general: { greeting: 'Hello {{First name}}' } });
    expect(blockOf(result, 'b3').options).toEqual({ variableId: 'v1' });
    expect(refusal(bot(), [{ op: 'renameVariable', variableId: 'v2', name: 'X' }]).issue).toEqual({
      message: 'No variable with id "v2" in the draft',
      path: ['edits', 0, 'variableId'],
    });
  });

  it('removeVariable', () => {
    expect(apply(bot(), [{ op: 'removeVariable', variableId: 'v1' }]).definition.variables).toEqual([]);
  });
});

describe('settings and theme', () => {
  it('merge per top-level key; null removes', () => {
    const { definition: result } = apply(bot(), [
      { op: 'updateSettings', settings: { general: { isBrandingEnabled: false }, typingEmulation: null } },
      { op: 'updateTheme', theme: { chat: { roundness: 'large' }, customCss: 'p{}' } },
    ]);
    expect(result.settings).toEqual({ general: { isBrandingEnabled: false, rememberUser: { isEnabled: false } } });
    expect(result.theme).toEqual({
      chat: { hostBubbles: { backgroundColor: '#ffffff' }, roundness: 'large' },
      general: { font: 'Inter' },
      customCss: 'p{}',
    });
  });
});

describe('the list', () => {
  it('is all or nothing, and never changes the definition given', () => {
    const base = bot();
    const before = JSON.stringify(base);
    const error = refusal(base, [
      { op: 'addGroup', id: 'g-new' },
      { op: 'removeGroup', groupId: 'g1' },
      { op: 'addBlock', groupId: 'g1', block: text('x', '') },
    ]);
    expect(error).toBeInstanceOf(EditError);
    expect(error.issue).toEqual({ message: 'No group with id "g1" in the draft', path: ['edits', 2, 'groupId'] });
    expect(error.op).toBe('addBlock');
    expect(JSON.stringify(base)).toBe(before);
    apply(base, [
      { op: 'removeGroup', groupId: 'g1' },
      { op: 'renameVariable', variableId: 'v1', name: 'N' },
    ]);
    expect(JSON.stringify(base)).toBe(before);
  });

  it('later edits refer to what earlier ones created, by the ids they gave', () => {
    const { definition: result } = apply(bot(), [
      { op: 'addGroup', id: 'g-mail', blocks: [{ id: 'ask', type: 'email input' }] },
      { op: 'connect', from: { groupId: 'g3' }, to: { groupId: 'g-mail' } },
      { op: 'addBlock', groupId: 'g-mail', block: text('thanks', 'Thanks') },
    ]);
    expect(groupOf(result, 'g-mail').blocks.map((block) => block.id)).toEqual(['ask', 'thanks']);
    expect(blockOf(result, 'b4').outgoingEdgeId).toBe('new1');
    parsesAgain(result);
  });

  it('the schema: an unknown op, an unknown key, no edit at all', () => {
    const problems = (edits: unknown) => editListSchema.safeParse(edits).error?.issues;
    expect(problems([{ op: 'addGroups' }])![0]).toMatchObject({
      path: [0, 'op'],
      message: expect.stringMatching(/^op must be one of addGroup, updateGroup, removeGroup, addBlock/),
    });
    expect(problems([{ op: 'removeGroup', groupId: 'g1', groupid: 'g2' }])![0]).toMatchObject({
      path: [0],
      message: 'Unrecognized key: "groupid"',
    });
    expect(problems([])![0]!.message).toBe('give at least one edit');
    expect(problems([{ op: 'connect', from: { blockId: 'b1', groupId: 'g1' }, to: { groupId: 'g2' } }])).toEqual([
      expect.objectContaining({
        path: [0, 'from'],
        message: 'must be {blockId, itemId?, pathId?}, {eventId} or {groupId}',
      }),
    ]);
    const parsed: Edit[] = editListSchema.parse([{ op: 'disconnect', edgeId: 'e' }]);
    expect(parsed).toEqual([{ op: 'disconnect', edgeId: 'e' }]);
  });
  it('describes itself as JSON Schema, every op with its description', () => {
    const schema = z.toJSONSchema(editListSchema, { io: 'input' }) as unknown as {
      items: { oneOf: { properties: { op: { const: string } }; description?: string }[] };
    };
    expect(schema.items.oneOf.map((edit) => edit.properties.op.const)).toEqual(EDIT_OPS);
    expect(schema.items.oneOf.every((edit) => typeof edit.description === 'string')).toBe(true);
  });
});

describe('a version 5 draft (start block, no events)', () => {
  const legacy = () =>
    definition({
      version: '5',
      groups: [
        {
          id: 'sg',
          title: 'Start',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: 'sb', type: 'start', groupId: 'sg', label: 'Start' }],
        },
        {
          id: 'g1',
          title: 'One',
          graphCoordinates: { x: 400, y: 0 },
          blocks: [{ ...text('b1', 'Hi'), groupId: 'g1' }],
        },
      ],
    });

  it('writes blocks, items and edges as that version has them (with their group and block)', () => {
    const { definition: result } = apply(legacy(), [
      { op: 'addGroup', id: 'g2', blocks: [{ id: 'c', type: 'choice input', items: [{ id: 'i', content: 'A' }] }] },
      { op: 'connect', from: { blockId: 'sb' }, to: { groupId: 'g1' }, id: 'e1' },
      { op: 'connect', from: { blockId: 'c', itemId: 'i' }, to: { groupId: 'g1' }, id: 'e2' },
      { op: 'moveBlock', blockId: 'b1', groupId: 'g2' },
    ]);
    expect(groupOf(result, 'g2').blocks).toEqual([
      {
        id: 'c',
        type: 'choice input',
        groupId: 'g2',
        items: [{ id: 'i', content: 'A', blockId: 'c', outgoingEdgeId: 'e2' }],
      },
      { ...text('b1', 'Hi'), groupId: 'g2' },
    ]);
    expect(result.edges).toEqual([
      { id: 'e1', from: { groupId: 'sg', blockId: 'sb' }, to: { groupId: 'g1' } },
      { id: 'e2', from: { groupId: 'g2', blockId: 'c', itemId: 'i' }, to: { groupId: 'g1' } },
    ]);
    expect(result.events).toBeNull();
    parsesAgain(result);
  });

  it('refuses what that version cannot hold, saying why', () => {
    expect(refusal(legacy(), [{ op: 'connect', from: { eventId: 'x' }, to: { groupId: 'g1' } }]).issue).toEqual({
      message: 'A version 5 bot has no events: connect from its start block instead',
      path: ['edits', 0, 'from', 'eventId'],
    });
    expect(refusal(legacy(), [{ op: 'removeGroup', groupId: 'sg' }]).issue.message).toBe(
      'Group "sg" is the start group of this version 5 bot: it stays',
    );
    expect(refusal(legacy(), [{ op: 'addBlock', groupId: 'sg', block: text('x', '') }]).issue.message).toBe(
      'Group "sg" is the start group of this version 5 bot: it holds only the start block',
    );
    expect(refusal(legacy(), [{ op: 'removeBlock', blockId: 'sb' }]).issue.path).toEqual(['edits', 0, 'blockId']);
    expect(refusal(legacy(), [{ op: 'moveBlock', blockId: 'sb', groupId: 'g1' }]).issue.path).toEqual([
      'edits',
      0,
      'blockId',
    ]);
  });
});
