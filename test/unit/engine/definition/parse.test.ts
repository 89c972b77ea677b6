import fs from 'node:fs';
import path from 'node:path';
import {
  parseDefinition,
  type BotDefinition,
  type DefinitionIssue,
  type ParseResult,
} from '../../../../src/engine/definition/parse';

const FIXTURES = path.join(__dirname, '../../../fixtures/bots');
const fixtureNames = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();

function loadFixture(name: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

function expectOk(result: ParseResult): BotDefinition {
  if (!result.ok) throw new Error(`expected a valid definition, got issues ${JSON.stringify(result.issues)}`);
  return result.definition;
}

function expectIssues(result: ParseResult): DefinitionIssue[] {
  if (result.ok) throw new Error('expected issues, the definition was accepted');
  expect(result.issues.length).toBeGreaterThan(0);
  return result.issues;
}

const paths = (issues: DefinitionIssue[]) => issues.map((issue) => issue.path);

/** A small valid v6.1 bot written for these tests. */
function minimalV6(): Record<string, any> {
  return {
    version: '6.1',
    events: [{ id: 'ev-start', type: 'start', outgoingEdgeId: 'e1', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Group #1',
        graphCoordinates: { x: 10, y: 10 },
        blocks: [
          { id: 'b1', type: 'text', content: { richText: [] } },
          { id: 'b2', type: 'text input', options: { variableId: 'v1' } },
        ],
      },
    ],
    edges: [{ id: 'e1', from: { eventId: 'ev-start' }, to: { groupId: 'g1' } }],
    variables: [{ id: 'v1', name: 'Name' }],
    theme: {},
    settings: {},
  };
}

/** A small valid v5 bot (start block in the first group). */
function minimalV5(): Record<string, any> {
  return {
    version: '5',
    groups: [
      { id: 'g0', title: 'Start', blocks: [{ id: 's0', type: 'start', label: 'Start', outgoingEdgeId: 'e1' }] },
      { id: 'g1', title: 'Group #1', blocks: [{ id: 'b1', type: 'text', content: { richText: [] } }] },
    ],
    edges: [{ id: 'e1', from: { blockId: 's0' }, to: { groupId: 'g1' } }],
    variables: [],
  };
}

describe('every fixture parses', () => {
  test('the fixture folder holds the expected exports', () => {
    expect(fixtureNames).toContain('legacy-v3-lead-gen.json');
    expect(fixtureNames).toContain('legacy-v4-prefilled.json');
    expect(fixtureNames.length).toBeGreaterThanOrEqual(20);
  });

  test.each(fixtureNames)('%s parses and keeps its content', (name) => {
    const raw = loadFixture(name);
    const definition = expectOk(parseDefinition(raw));
    expect(definition.version).toBe(raw.version ?? '3');
    expect(definition.groups.map((group) => group.id)).toEqual(raw.groups.map((group: { id: string }) => group.id));
    expect(definition.groups.map((group) => group.blocks.map((block) => block.id))).toEqual(
      raw.groups.map((group: { blocks: { id: string }[] }) => group.blocks.map((block) => block.id)),
    );
    expect(definition.variables.map((variable) => variable.id)).toEqual(
      raw.variables.map((variable: { id: string }) => variable.id),
    );
    expect(definition.theme).toEqual(raw.theme ?? {});
    expect(definition.settings).toEqual(raw.settings ?? {});
    if (Number(definition.version) >= 6) {
      expect(definition.events).toEqual(raw.events);
      expect(definition.edges).toEqual(raw.edges);
      expect(definition.events![0]!.type).toBe('start');
    } else {
      expect(definition.events).toBeNull();
    }
  });

  test('legacy-v3 keeps version "3" (no version field) with events null and its start block', () => {
    const raw = loadFixture('legacy-v3-lead-gen.json');
    expect(raw.version).toBeUndefined();
    const definition = expectOk(parseDefinition(raw));
    expect(definition.version).toBe('3');
    expect(definition.events).toBeNull();
    expect(definition.groups[0]!.blocks[0]!.type).toBe('start');
    expect(definition.edges.map((edge) => edge.id)).toEqual(raw.edges.map((edge: { id: string }) => edge.id));
  });

  test('legacy-v4 keeps version "4" with events null', () => {
    const raw = loadFixture('legacy-v4-prefilled.json');
    const definition = expectOk(parseDefinition(raw));
    expect(definition.version).toBe('4');
    expect(definition.events).toBeNull();
    expect(definition.variables.map((variable) => variable.name)).toEqual(['Name', 'Email']);
  });

  test('the v6.1 fixtures stay in 6.1 (no migration)', () => {
    const definition = expectOk(parseDefinition(loadFixture('lead-gen.json')));
    expect(definition.version).toBe('6.1');
    expect(definition.groups.some((group) => group.blocks.some((block) => block.type === 'start'))).toBe(false);
  });
});

describe('minimal definitions', () => {
  test('a minimal v6.1 bot is accepted with defaults for absent lists', () => {
    const raw = minimalV6();
    delete raw.theme;
    delete raw.settings;
    delete raw.variables;
    const definition = expectOk(parseDefinition(raw));
    expect(definition).toMatchObject({ version: '6.1', theme: {}, settings: {}, variables: [] });
  });

  test('a numeric version is read as its string', () => {
    const raw = { ...minimalV6(), version: 6 };
    expect(expectOk(parseDefinition(raw)).version).toBe('6');
  });

  test('a missing or null version means "3"', () => {
    const raw = minimalV5();
    delete raw.version;
    expect(expectOk(parseDefinition(raw)).version).toBe('3');
    expect(expectOk(parseDefinition({ ...minimalV5(), version: null })).version).toBe('3');
  });

  test('v5 has events forced to null even when the export carries some', () => {
    const raw = { ...minimalV5(), events: [{ id: 'x', type: 'start' }] };
    expect(expectOk(parseDefinition(raw)).events).toBeNull();
  });

  test('a non-object is rejected at the root', () => {
    for (const value of [null, 'bot', 42, []]) {
      expect(paths(expectIssues(parseDefinition(value)))).toEqual([[]]);
    }
  });
});

describe('issues', () => {
  test('an unknown block type is reported at its path', () => {
    const raw = minimalV6();
    raw.groups[0].blocks[1].type = 'telepathy input';
    const issues = expectIssues(parseDefinition(raw));
    expect(paths(issues)).toEqual([['groups', 0, 'blocks', 1, 'type']]);
    expect(issues[0]!.message).toContain('telepathy input');
  });

  test('an unknown block type deep in a real fixture is reported at its indexes', () => {
    const raw = loadFixture('lead-gen.json');
    raw.groups[2].blocks[0].type = 'Not a block';
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 2, 'blocks', 0, 'type']]);
  });

  test('block types are case-sensitive ("webhook" and "Webhook" exist, "WEBHOOK" does not)', () => {
    const raw = minimalV6();
    raw.groups[0].blocks[0].type = 'webhook';
    expect(parseDefinition(raw).ok).toBe(true);
    raw.groups[0].blocks[0].type = 'Webhook';
    expect(parseDefinition(raw).ok).toBe(true);
    raw.groups[0].blocks[0].type = 'WEBHOOK';
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 0, 'blocks', 0, 'type']]);
  });

  test.each(['7', '2', '6.2', 'latest', 5.5])('unsupported version %p', (version) => {
    const issues = expectIssues(parseDefinition({ ...minimalV6(), version }));
    expect(paths(issues)).toEqual([['version']]);
    expect(issues[0]!.message).toMatch(/unsupported version/);
  });

  test('a version of the wrong type is unsupported', () => {
    expect(paths(expectIssues(parseDefinition({ ...minimalV6(), version: true })))).toEqual([['version']]);
  });

  test('v6 without any event needs a start event', () => {
    const raw = { ...minimalV6(), events: [] };
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['events']]);
    const absent = minimalV6();
    delete absent.events;
    expect(paths(expectIssues(parseDefinition(absent)))).toEqual([['events']]);
  });

  test('v6 whose first event is not the start event', () => {
    const raw = minimalV6();
    raw.events = [{ id: 'cmd', type: 'command', options: { command: 'restart' } }, ...raw.events];
    const issues = expectIssues(parseDefinition(raw));
    expect(paths(issues)).toContainEqual(['events', 0, 'type']);
  });

  test('v6 with two start events', () => {
    const raw = minimalV6();
    raw.events.push({ id: 'ev-start-2', type: 'start' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['events', 1, 'type']]);
  });

  test('v6 with a start block', () => {
    const raw = minimalV6();
    raw.groups[0].blocks.unshift({ id: 's0', type: 'start', label: 'Start' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 0, 'blocks', 0, 'type']]);
  });

  test('an unknown event type', () => {
    const raw = minimalV6();
    raw.events.push({ id: 'ev-2', type: 'birthday' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['events', 1, 'type']]);
  });

  test('v5 without a start block', () => {
    const raw = minimalV5();
    raw.groups.shift();
    const issues = expectIssues(parseDefinition(raw));
    expect(paths(issues)).toEqual([['groups']]);
    expect(issues[0]!.message).toMatch(/start block/);
  });

  test('the legacy v3 fixture without its start block', () => {
    const raw = loadFixture('legacy-v3-lead-gen.json');
    raw.groups[0].blocks = raw.groups[0].blocks.filter((block: { type: string }) => block.type !== 'start');
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups']]);
  });

  test('v5 with two start blocks', () => {
    const raw = minimalV5();
    raw.groups[1].blocks.push({ id: 's1', type: 'start' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 1, 'blocks', 1, 'type']]);
  });

  test('duplicate block ids across groups', () => {
    const raw = minimalV6();
    raw.groups.push({ id: 'g2', title: 'Group #2', blocks: [{ id: 'b1', type: 'text' }] });
    const issues = expectIssues(parseDefinition(raw));
    expect(paths(issues)).toEqual([['groups', 1, 'blocks', 0, 'id']]);
    expect(issues[0]!.message).toContain('"b1"');
  });

  test('duplicate block ids within a group', () => {
    const raw = minimalV6();
    raw.groups[0].blocks[1].id = 'b1';
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 0, 'blocks', 1, 'id']]);
  });

  test('duplicate group, edge and variable ids', () => {
    const raw = minimalV6();
    raw.groups.push({ id: 'g1', title: 'Copy', blocks: [] });
    raw.edges.push({ id: 'e1', from: { blockId: 'b2' }, to: { groupId: 'g1' } });
    raw.variables.push({ id: 'v1', name: 'Other' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([
      ['groups', 1, 'id'],
      ['edges', 1, 'id'],
      ['variables', 1, 'id'],
    ]);
  });

  test('structural problems name their paths', () => {
    const raw = minimalV6();
    raw.groups[0].blocks[0].id = '';
    raw.edges[0].to = {};
    raw.variables[0].name = 12;
    const result = paths(expectIssues(parseDefinition(raw)));
    expect(result).toContainEqual(['groups', 0, 'blocks', 0, 'id']);
    expect(result).toContainEqual(['edges', 0, 'to', 'groupId']);
    expect(result).toContainEqual(['variables', 0, 'name']);
  });

  test('groups are required', () => {
    const raw = minimalV6();
    delete raw.groups;
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups']]);
  });
});

describe('legacy preprocessing', () => {
  test('legacy (< 5) edges that do not match the edge schema are dropped', () => {
    const raw = loadFixture('legacy-v4-prefilled.json');
    const valid = raw.edges.length;
    raw.edges.push({ id: 'broken-no-to', from: { blockId: 'x' } });
    raw.edges.push({ from: { blockId: 'x' }, to: { groupId: 'y' } });
    raw.edges.push('not an edge');
    const definition = expectOk(parseDefinition(raw));
    expect(definition.edges).toHaveLength(valid);
    expect(definition.edges.map((edge) => edge.id)).not.toContain('broken-no-to');
  });

  test('the same broken edge in a v5 or v6 bot is an issue, not dropped', () => {
    const v5 = minimalV5();
    v5.edges.push({ id: 'broken', from: { blockId: 's0' } });
    expect(paths(expectIssues(parseDefinition(v5)))).toContainEqual(['edges', 1, 'to']);
    const v6 = minimalV6();
    v6.edges.push({ id: 'broken', from: { blockId: 'b2' } });
    expect(paths(expectIssues(parseDefinition(v6)))).toContainEqual(['edges', 1, 'to']);
  });

  test('legacy groups without blocks get an empty list', () => {
    const raw = loadFixture('legacy-v3-lead-gen.json');
    raw.groups.push({ id: 'empty-group', title: 'Empty', graphCoordinates: { x: 0, y: 0 } });
    const definition = expectOk(parseDefinition(raw));
    expect(definition.groups.at(-1)).toMatchObject({ id: 'empty-group', blocks: [] });
  });

  test('v6 groups without blocks are an issue', () => {
    const raw = minimalV6();
    raw.groups.push({ id: 'g2', title: 'Empty' });
    expect(paths(expectIssues(parseDefinition(raw)))).toEqual([['groups', 1, 'blocks']]);
  });

  test('legacy events are forced to null', () => {
    const raw = { ...loadFixture('legacy-v4-prefilled.json'), events: [{ id: 'x', type: 'nonsense' }] };
    expect(expectOk(parseDefinition(raw)).events).toBeNull();
  });
});

describe('variables', () => {
  test('number and boolean values become strings, lists too; null and absent stay', () => {
    const raw = minimalV6();
    raw.variables = [
      { id: 'v1', name: 'Int', value: 42 },
      { id: 'v2', name: 'Float', value: 1.5 },
      { id: 'v3', name: 'Bool', value: true },
      { id: 'v4', name: 'List', value: [1, 'two', null, false] },
      { id: 'v5', name: 'Null', value: null },
      { id: 'v6', name: 'Absent' },
      { id: 'v7', name: 'Text', value: 'hello', isSessionVariable: true },
    ];
    const definition = expectOk(parseDefinition(raw));
    expect(definition.variables).toEqual([
      { id: 'v1', name: 'Int', value: '42' },
      { id: 'v2', name: 'Float', value: '1.5' },
      { id: 'v3', name: 'Bool', value: 'true' },
      { id: 'v4', name: 'List', value: ['1', 'two', null, 'false'] },
      { id: 'v5', name: 'Null', value: null },
      { id: 'v6', name: 'Absent' },
      { id: 'v7', name: 'Text', value: 'hello', isSessionVariable: true },
    ]);
  });

  test('object values are rejected', () => {
    const raw = minimalV6();
    raw.variables[0].value = { nested: true };
    expect(paths(expectIssues(parseDefinition(raw)))[0]!.slice(0, 3)).toEqual(['variables', 0, 'value']);
  });

  test('the legacy v4 fixture with a numeric default value gets a string', () => {
    const raw = loadFixture('legacy-v4-prefilled.json');
    raw.variables[0].value = 7;
    expect(expectOk(parseDefinition(raw)).variables[0]!.value).toBe('7');
  });
});

test('unknown fields of blocks, settings and theme are kept (loose objects)', () => {
  const raw = minimalV6();
  raw.groups[0].blocks[0].futureField = { a: 1 };
  raw.settings = { general: { isBrandingEnabled: false }, somethingNew: 1 };
  raw.theme = { general: { font: 'Open Sans' } };
  const definition = expectOk(parseDefinition(raw));
  expect(definition.groups[0]!.blocks[0]).toMatchObject({ futureField: { a: 1 } });
  expect(definition.settings).toEqual({ general: { isBrandingEnabled: false }, somethingNew: 1 });
  expect(definition.theme).toEqual({ general: { font: 'Open Sans' } });
});
