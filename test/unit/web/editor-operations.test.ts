import fs from 'node:fs';
import path from 'node:path';
import { flowContent, readDraft, type Draft } from '../../../src/web/console/editor/draft';
import { blockToNewGroup, placeBlock, removeBlocks } from '../../../src/web/console/editor/operations/blocks';
import { copyGroups, duplicateGroups, pasteGroups } from '../../../src/web/console/editor/operations/clipboard';
import { connect, removeEdges } from '../../../src/web/console/editor/operations/edges';
import { addGroup, moveNodes, removeGroups } from '../../../src/web/console/editor/operations/groups';
import { addVariable, updateVariable, variableUsages } from '../../../src/web/console/editor/operations/variables';

// The flow editor's changes to a draft: pure functions whose result must stay
// a definition the engine runs (edges and outgoingEdgeId agree, no dangling ends).

const text = (id: string, words = id) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: words }] }] },
});

function sample(): Draft {
  return readDraft({
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e0' }],
    groups: [
      {
        id: 'g1',
        title: 'Welcome',
        graphCoordinates: { x: 100, y: 0 },
        blocks: [
          text('b1'),
          {
            id: 'c1',
            type: 'choice input',
            items: [
              { id: 'i1', content: 'Yes', outgoingEdgeId: 'e1' },
              { id: 'i2', content: 'No' },
            ],
          },
        ],
      },
      {
        id: 'g2',
        title: 'Yes',
        graphCoordinates: { x: 400, y: 0 },
        blocks: [text('b2', 'Hello {{Name}}'), { id: 'n1', type: 'text input', options: { variableId: 'vname' } }],
      },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'c1', itemId: 'i1' }, to: { groupId: 'g2' } },
    ],
    variables: [{ id: 'vname', name: 'Name' }],
  });
}

/** Every outgoingEdgeId names an edge leaving from that very place, and every edge is named by its source. */
function expectConsistent(draft: Draft) {
  const ids = new Set(draft.edges.map((edge) => edge.id));
  const named: string[] = [];
  for (const event of draft.events) if (event.outgoingEdgeId) named.push(event.outgoingEdgeId);
  for (const group of draft.groups)
    for (const block of group.blocks) {
      if (block.outgoingEdgeId) named.push(block.outgoingEdgeId);
      for (const item of block.items ?? []) if (item.outgoingEdgeId) named.push(item.outgoingEdgeId);
    }
  expect(named.sort()).toEqual([...ids].sort());
  const groups = new Map(draft.groups.flatMap((group) => group.blocks.map((block) => [block.id, group.id] as const)));
  for (const edge of draft.edges) {
    expect(draft.groups.some((group) => group.id === edge.to.groupId)).toBe(true);
    if (edge.to.blockId) expect(groups.get(edge.to.blockId)).toBe(edge.to.groupId);
  }
}

test('connecting an item sets its outgoingEdgeId; connecting it again replaces its edge', () => {
  let draft = sample();
  draft = connect(draft, { blockId: 'c1', itemId: 'i2' }, { groupId: 'g2' });
  const second = draft.edges.at(-1)!;
  expect(draft.groups[0]!.blocks[1]!.items![1]!.outgoingEdgeId).toBe(second.id);
  draft = connect(draft, { blockId: 'c1', itemId: 'i2' }, { groupId: 'g1' });
  expect(draft.edges.filter((edge) => 'blockId' in edge.from && edge.from.itemId === 'i2')).toHaveLength(1);
  expectConsistent(draft);
});

test('removing a block drops its edges; removing a group drops the edges into it and clears their sources', () => {
  let draft = removeBlocks(sample(), ['c1']);
  expect(draft.edges.map((edge) => edge.id)).toEqual(['e0']);
  expectConsistent(draft);
  draft = removeGroups(sample(), ['g2']);
  expect(draft.edges.map((edge) => edge.id)).toEqual(['e0']);
  expect(draft.groups[0]!.blocks[1]!.items![0]).not.toHaveProperty('outgoingEdgeId');
  expectConsistent(draft);
  draft = removeEdges(sample(), ['e0']);
  expect(draft.events[0]).not.toHaveProperty('outgoingEdgeId');
});

test('a block moves within and between groups; a group left empty goes; a block dragged out becomes a group', () => {
  let draft = sample();
  draft = placeBlock(draft, draft.groups[0]!.blocks[0]!, 'g1', 2);
  expect(draft.groups[0]!.blocks.map((block) => block.id)).toEqual(['c1', 'b1']);
  draft = placeBlock(draft, draft.groups[1]!.blocks[0]!, 'g1', 0);
  expect(draft.groups[0]!.blocks.map((block) => block.id)).toEqual(['b2', 'c1', 'b1']);
  draft = placeBlock(draft, draft.groups[1]!.blocks[0]!, 'g1', 3);
  // g2 emptied: gone, and the Yes button's edge into it too.
  expect(draft.groups.map((group) => group.id)).toEqual(['g1']);
  expect(draft.edges.map((edge) => edge.id)).toEqual(['e0']);
  expectConsistent(draft);
  const out = blockToNewGroup(sample(), 'c1', { x: 50, y: 300 });
  const made = out.draft.groups.find((group) => group.id === out.groupId)!;
  expect(made).toMatchObject({
    title: 'Group #3',
    graphCoordinates: { x: 50, y: 300 },
    blocks: [expect.objectContaining({ id: 'c1' })],
  });
  // Its items keep their edges.
  expect(out.draft.edges.map((edge) => edge.id).sort()).toEqual(['e0', 'e1']);
  expectConsistent(out.draft);
});

test('copy and paste give fresh ids, keep the edges inside the selection and bring the variables along into another bot', () => {
  const clip = copyGroups(sample(), ['g1', 'g2']);
  const other = addGroup(readDraft({ groups: [], events: [], edges: [], variables: [] }), { x: 0, y: 0 }, [
    text('x1'),
  ]).draft;
  const { draft, groupIds } = pasteGroups(other, JSON.parse(JSON.stringify(clip)), { x: 1000, y: 500 });
  expect(groupIds).toHaveLength(2);
  const pasted = draft.groups.filter((group) => groupIds.includes(group.id));
  expect(pasted.map((group) => group.graphCoordinates)).toEqual([
    { x: 1000, y: 500 },
    { x: 1300, y: 500 },
  ]);
  expect(pasted.flatMap((group) => group.blocks.map((block) => block.id))).not.toContain('b1');
  expect(draft.edges).toHaveLength(1);
  expect(draft.variables).toEqual([{ id: 'vname', name: 'Name' }]);
  expectConsistent(draft);
  // Duplicating in the same bot keeps its variable ids.
  const twice = duplicateGroups(sample(), ['g2'], () => ({ x: 900, y: 900 }));
  expect(twice.draft.groups[2]!.graphCoordinates).toEqual({ x: 900, y: 900 });
  expect(twice.draft.groups[2]!.title).toBe(`${sample().groups[1]!.title} (copy)`);
  expect(twice.draft.groups).toHaveLength(3);
  expect(twice.draft.variables).toHaveLength(1);
  expect(JSON.stringify(twice.draft.groups[2])).toContain('vname');
});

test('variables: added once per name, renamed without touching blocks (ids), their usages found by id or {{name}}', () => {
  const added = addVariable(sample(), 'Email');
  expect(addVariable(added.draft, 'Email').variableId).toBe(added.variableId);
  const draft = updateVariable(added.draft, 'vname', { name: 'First name' });
  expect(draft.groups[1]!.blocks[1]!.options).toEqual({ variableId: 'vname' });
  expect(variableUsages(sample(), 'vname').map((usage) => usage.block.id)).toEqual(['b2', 'n1']);
});

test('a block added after the last one takes over where the group went', () => {
  let draft = readDraft({
    events: [],
    groups: [
      {
        id: 'g1',
        title: 'A',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: 'n1', type: 'text input', outgoingEdgeId: 'e1' }],
      },
      { id: 'g2', title: 'B', graphCoordinates: { x: 300, y: 0 }, blocks: [text('b2')] },
    ],
    edges: [{ id: 'e1', from: { blockId: 'n1' }, to: { groupId: 'g2' } }],
    variables: [],
  });
  draft = placeBlock(draft, text('b3'), 'g1', 1);
  expect(draft.edges).toEqual([{ id: 'e1', from: { blockId: 'b3' }, to: { groupId: 'g2' } }]);
  expect(draft.groups[0]!.blocks[0]).not.toHaveProperty('outgoingEdgeId');
  expect(draft.groups[0]!.blocks[1]!.outgoingEdgeId).toBe('e1');
  // Inserted in the middle: nothing moves.
  draft = placeBlock(draft, text('b4'), 'g1', 0);
  expect(draft.edges[0]!.from).toEqual({ blockId: 'b3' });
});

test('a card path keeps its own edge through edits, and a paste gives it fresh ids', () => {
  const draft = readDraft({
    events: [],
    groups: [
      {
        id: 'g1',
        title: 'Cards',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          {
            id: 'k1',
            type: 'cards',
            items: [
              {
                id: 'card1',
                title: 'Plan',
                paths: [
                  { id: 'p1', text: 'Choose', outgoingEdgeId: 'e1' },
                  { id: 'p2', text: 'More' },
                ],
              },
            ],
          },
        ],
      },
      { id: 'g2', title: 'Next', graphCoordinates: { x: 300, y: 0 }, blocks: [text('b2')] },
    ],
    edges: [{ id: 'e1', from: { blockId: 'k1', itemId: 'card1', pathId: 'p1' }, to: { groupId: 'g2' } }],
    variables: [],
  });
  expect(draft.edges[0]!.from).toEqual({ blockId: 'k1', itemId: 'card1', pathId: 'p1' });
  const next = connect(draft, { blockId: 'k1', itemId: 'card1', pathId: 'p2' }, { groupId: 'g2' });
  const card = next.groups[0]!.blocks[0]!.items![0]!;
  expect(card).not.toHaveProperty('outgoingEdgeId');
  const paths = card.paths as { id: string; outgoingEdgeId?: string }[];
  expect(paths[0]!.outgoingEdgeId).toBe('e1');
  expect(paths[1]!.outgoingEdgeId).toBe(next.edges[1]!.id);
  expectConsistentWithPaths(next);
  const pasted = pasteGroups(next, copyGroups(next, ['g1', 'g2']), { x: 0, y: 500 });
  const copy = pasted.draft.groups.find((group) => group.id === pasted.groupIds[0])!.blocks[0]!;
  const copiedPaths = copy.items![0]!.paths as { id: string; outgoingEdgeId?: string }[];
  expect(copiedPaths.map((path) => path.id)).not.toContain('p1');
  expect(copiedPaths.every((path) => typeof path.outgoingEdgeId === 'string')).toBe(true);
});

/** Path edges are named by their path, every other edge as before. */
function expectConsistentWithPaths(draft: Draft) {
  const named: string[] = [];
  for (const group of draft.groups)
    for (const block of group.blocks) {
      if (block.outgoingEdgeId) named.push(block.outgoingEdgeId);
      for (const item of block.items ?? []) {
        if (item.outgoingEdgeId) named.push(item.outgoingEdgeId);
        for (const path of (item.paths as { outgoingEdgeId?: string }[] | undefined) ?? [])
          if (path.outgoingEdgeId) named.push(path.outgoingEdgeId);
      }
    }
  expect(named.sort()).toEqual(draft.edges.map((edge) => edge.id).sort());
}

test('every fixture bot reads and writes back unchanged, and a move changes nothing but the moved group', () => {
  const dir = path.join(__dirname, '../../fixtures/bots');
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const definition = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    if (!Array.isArray(definition.groups) || !Array.isArray(definition.edges)) continue;
    const original = JSON.parse(
      JSON.stringify({
        groups: definition.groups,
        events: definition.events ?? [],
        edges: definition.edges,
        variables: definition.variables ?? [],
      }),
    );
    const draft = readDraft(definition);
    expect({ file, patch: JSON.parse(JSON.stringify(flowContent(draft))) }).toEqual({ file, patch: original });
    const first = draft.groups[0];
    if (!first) continue;
    const moved = flowContent(moveNodes(draft, new Map([[first.id, { x: 1234, y: 567 }]]))) as {
      groups: { graphCoordinates: unknown }[];
    };
    expect(moved.groups[0]!.graphCoordinates).toEqual({ x: 1234, y: 567 });
    expect(JSON.parse(JSON.stringify({ ...moved, groups: moved.groups.slice(1) }))).toEqual({
      ...original,
      groups: original.groups.slice(1),
    });
  }
});
