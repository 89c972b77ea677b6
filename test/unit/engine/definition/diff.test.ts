import { diffDefinitions } from '../../../../src/engine/definition/diff';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';

function definition(raw: Record<string, unknown>): BotDefinition {
  const parsed = parseDefinition({ version: '6.1', edges: [], variables: [], theme: {}, settings: {}, ...raw });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.definition;
}

const start = [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }];
const text = (id: string, html: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: html }] }] },
});

const revision = definition({
  events: start,
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  groups: [
    { id: 'g1', title: 'Welcome', graphCoordinates: { x: 0, y: 100 }, blocks: [text('b1', 'Hi'), text('b2', 'There')] },
    { id: 'g2', title: 'Ask', graphCoordinates: { x: 300, y: 100 }, blocks: [{ id: 'b3', type: 'text input' }] },
    { id: 'g3', title: 'Bye', graphCoordinates: { x: 600, y: 100 }, blocks: [text('b4', 'Bye')] },
  ],
});

describe('diffDefinitions', () => {
  it('finds nothing between a definition and itself, whatever the order of object keys', () => {
    const reordered = JSON.parse(JSON.stringify(revision), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as BotDefinition;
    expect(diffDefinitions(revision, reordered)).toEqual({
      groupsAdded: [],
      groupsRemoved: [],
      groupsChanged: [],
      blocksAdded: [],
      blocksRemoved: [],
      blocksChanged: [],
      themeChanged: false,
      settingsChanged: false,
      variablesChanged: false,
      edgesChanged: false,
      eventsChanged: false,
    });
  });

  it('lists groups and blocks added, removed and changed from the older definition to the newer, matched by id', () => {
    const draft = definition({
      events: start,
      edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
      variables: [{ id: 'v1', name: 'Name' }],
      theme: { general: { font: 'Inter' } },
      groups: [
        // Renamed, and b2 moved out to g2: the group changed, b1 did not.
        { id: 'g1', title: 'Hello', graphCoordinates: { x: 0, y: 100 }, blocks: [text('b1', 'Hi')] },
        // b3's options changed, b2 moved in, b5 added.
        {
          id: 'g2',
          title: 'Ask',
          graphCoordinates: { x: 300, y: 100 },
          blocks: [{ id: 'b3', type: 'text input', options: { isLong: true } }, text('b2', 'There'), text('b5', 'New')],
        },
        // Only moved on the graph.
        { id: 'g4', title: 'Extra', graphCoordinates: { x: 900, y: 100 }, blocks: [{ id: 'b6', type: 'email input' }] },
      ],
    });
    expect(diffDefinitions(revision, draft)).toEqual({
      groupsAdded: [{ id: 'g4', title: 'Extra' }],
      groupsRemoved: [{ id: 'g3', title: 'Bye' }],
      groupsChanged: [
        { id: 'g1', title: 'Hello' },
        { id: 'g2', title: 'Ask' },
      ],
      blocksAdded: [
        { id: 'b5', type: 'text', groupId: 'g2', label: 'text in Ask' },
        { id: 'b6', type: 'email input', groupId: 'g4', label: 'email input in Extra' },
      ],
      blocksRemoved: [{ id: 'b4', type: 'text', groupId: 'g3', label: 'text in Bye' }],
      blocksChanged: [{ id: 'b3', type: 'text input', groupId: 'g2', label: 'text input in Ask' }],
      themeChanged: true,
      settingsChanged: false,
      variablesChanged: false,
      edgesChanged: false,
      eventsChanged: false,
    });
  });

  it('counts a group moved on the graph as changed, and tells variables, settings, edges and events apart', () => {
    const draft = definition({
      events: [{ ...start[0], graphCoordinates: { x: 10, y: 0 } }],
      edges: [],
      variables: [{ id: 'v1', name: 'Full name' }],
      settings: { general: { isBrandingEnabled: false } },
      groups: revision.groups.map((group) =>
        group.id === 'g3' ? { ...group, graphCoordinates: { x: 650, y: 100 } } : group,
      ),
    });
    const changes = diffDefinitions(revision, draft);
    expect(changes.groupsChanged).toEqual([{ id: 'g3', title: 'Bye' }]);
    expect(changes.blocksChanged).toEqual([]);
    expect(changes).toMatchObject({
      themeChanged: false,
      settingsChanged: true,
      variablesChanged: true,
      edgesChanged: true,
      eventsChanged: true,
    });
  });

  it('labels a block of an untitled group by its type alone', () => {
    const before = definition({ events: start, groups: [{ id: 'g1', title: '', blocks: [] }] });
    const after = definition({ events: start, groups: [{ id: 'g1', title: '', blocks: [text('b1', 'Hi')] }] });
    expect(diffDefinitions(before, after).blocksAdded).toEqual([
      { id: 'b1', type: 'text', groupId: 'g1', label: 'text' },
    ]);
  });
});
