import fs from 'node:fs';
import path from 'node:path';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';
import { toRuntimeBot } from '../../../../src/engine/definition/runtime';

const FIXTURES = path.join(__dirname, '../../../fixtures/bots');

function load(name: string): { raw: Record<string, any>; definition: BotDefinition } {
  const raw = JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
  const parsed = parseDefinition(raw);
  if (!parsed.ok) throw new Error(`fixture ${name} does not parse: ${JSON.stringify(parsed.issues)}`);
  return { raw, definition: parsed.definition };
}

describe.each([
  ['legacy-v3-lead-gen.json', '3'],
  ['legacy-v4-prefilled.json', '4'],
])('toRuntimeBot(%s)', (fixture, version) => {
  const { raw, definition } = load(fixture);
  const startGroup = raw.groups.find((group: any) => group.blocks?.some((block: any) => block.type === 'start'));
  const startBlock = startGroup.blocks.find((block: any) => block.type === 'start');
  const runtime = toRuntimeBot('bot-x', definition);

  it('keeps the id and the written version', () => {
    expect(runtime.id).toBe('bot-x');
    expect(runtime.version).toBe(version);
  });

  it('removes the start group and every start block', () => {
    expect(runtime.groups.some((group) => group.id === startGroup.id)).toBe(false);
    expect(runtime.groups.flatMap((group) => group.blocks).some((block) => block.type === 'start')).toBe(false);
    expect(runtime.groups.map((group) => group.id)).toEqual(
      definition.groups.filter((group) => group.id !== startGroup.id).map((group) => group.id),
    );
  });

  it("creates a start event named after the start group, with the start block's edge", () => {
    expect(runtime.events).toEqual([
      {
        id: startGroup.id,
        type: 'start',
        graphCoordinates: startGroup.graphCoordinates,
        outgoingEdgeId: startBlock.outgoingEdgeId,
      },
    ]);
    expect(startBlock.outgoingEdgeId).toEqual(expect.any(String));
  });

  it('rewrites the start edge `from` to the event; other edges unchanged', () => {
    const startEdge = runtime.edges.find((edge) => edge.id === startBlock.outgoingEdgeId)!;
    expect(startEdge.from).toEqual({ eventId: startGroup.id });
    expect(runtime.groups.some((group) => group.id === startEdge.to.groupId)).toBe(true);
    const others = runtime.edges.filter((edge) => edge.id !== startBlock.outgoingEdgeId);
    expect(others).toEqual(definition.edges.filter((edge) => edge.id !== startBlock.outgoingEdgeId));
    expect(runtime.edges).toHaveLength(definition.edges.length);
  });

  it('copies variables and carries theme and settings', () => {
    expect(runtime.variables).toEqual(definition.variables);
    expect(runtime.variables).not.toBe(definition.variables);
    expect(runtime.theme).toBe(definition.theme);
    expect(runtime.settings).toBe(definition.settings);
  });

  it('does not modify the parsed definition', () => {
    expect(definition.groups.some((group) => group.id === startGroup.id)).toBe(true);
    expect(definition.edges.find((edge) => edge.id === startBlock.outgoingEdgeId)!.from).not.toHaveProperty('eventId');
  });
});

describe('toRuntimeBot on v6', () => {
  it('keeps groups, edges and events as they are', () => {
    const parsed = parseDefinition({
      version: '6',
      groups: [{ id: 'g1', title: 'G', blocks: [{ id: 'b1', type: 'text' }] }],
      events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed', graphCoordinates: { x: 0, y: 0 } }],
      edges: [{ id: 'ed', from: { eventId: 'e' }, to: { groupId: 'g1' } }],
    });
    if (!parsed.ok) throw new Error('invalid');
    const runtime = toRuntimeBot('b', parsed.definition);
    expect(runtime.version).toBe('6');
    expect(runtime.groups).toEqual(parsed.definition.groups);
    expect(runtime.edges).toEqual(parsed.definition.edges);
    expect(runtime.events).toEqual(parsed.definition.events);
  });

  it('v5: empty groups are dropped with the start group', () => {
    const parsed = parseDefinition({
      version: '5',
      groups: [
        { id: 'gs', title: 'Start', blocks: [{ id: 's', type: 'start', outgoingEdgeId: 'e1' }] },
        { id: 'gEmpty', title: 'Empty', blocks: [] },
        { id: 'g1', title: 'G', blocks: [{ id: 'b1', type: 'text' }] },
      ],
      edges: [{ id: 'e1', from: { blockId: 's', groupId: 'gs' }, to: { groupId: 'g1' } }],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const runtime = toRuntimeBot('b', parsed.definition);
    expect(runtime.groups.map((group) => group.id)).toEqual(['g1']);
    expect(runtime.events[0]).toMatchObject({ id: 'gs', type: 'start', outgoingEdgeId: 'e1' });
    expect(runtime.edges[0]!.from).toEqual({ eventId: 'gs' });
  });
});
