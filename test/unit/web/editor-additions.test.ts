import { flaggedBlocks, locateProblems } from '../../../src/web/console/editor/block-problems';
import { readDraft, type Draft } from '../../../src/web/console/editor/draft';
import { instantiate } from '../../../src/web/console/editor/new-block';
import { copyTitle } from '../../../src/web/console/editor/operations/clipboard';
import { addGroup } from '../../../src/web/console/editor/operations/groups';
import { freeSpot, GAP, groupBoxes, startAt, type Box } from '../../../src/web/console/editor/placement';

// The flow editor's helpers for what it adds: blocks from the palette, where new groups go, what the first one is for.

const empty = (): Draft =>
  readDraft({ events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }], groups: [], edges: [] });

const group = (id: string, x: number, y: number, blocks = 1) => ({
  id,
  title: id,
  graphCoordinates: { x, y },
  blocks: Array.from({ length: blocks }, (_, index) => ({ id: `${id}-b${index}`, type: 'text' })),
});

describe('freeSpot', () => {
  const box = (x: number, y: number, width = 280, height = 100): Box => ({ x, y, width, height });
  const size = { width: 280, height: 100 };
  const overlapping = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('keeps a spot no group overlaps', () => {
    expect(freeSpot([box(0, 0)], size, { x: 400, y: 0 })).toEqual({ x: 400, y: 0 });
  });

  it('finds the nearest free spot around a taken one, a gap away from every group', () => {
    const taken = [box(0, 0), box(0, 140, 280, 400), box(320, 0)];
    const at = freeSpot(taken, size, { x: 0, y: 0 });
    const placed = { ...at, ...size };
    for (const each of taken)
      expect(
        overlapping({ x: placed.x - GAP, y: placed.y - GAP, width: 280 + 2 * GAP, height: 100 + 2 * GAP }, each),
      ).toBe(false);
    // Nearer than going past everything below.
    expect(Math.hypot(at.x, at.y)).toBeLessThan(600);
  });

  it('does not change the point it was given', () => {
    const near = { x: 0, y: 0 };
    freeSpot([box(0, 0)], size, near);
    expect(near).toEqual({ x: 0, y: 0 });
  });

  it('stacks below everything when the neighbourhood is full', () => {
    const wall = Array.from({ length: 80 }, (_, row) =>
      Array.from({ length: 20 }, (_, column) => box(column * 320 - 3200, row * 140 - 5600)),
    ).flat();
    const bottom = Math.max(...wall.map((each) => each.y + each.height));
    expect(freeSpot(wall, size, { x: 0, y: 0 })).toEqual({ x: 0, y: bottom + GAP });
  });

  it('measures groups where the canvas did, else estimates them from their blocks', () => {
    const draft = readDraft({ groups: [group('g1', 0, 0, 1), group('g2', 500, 0, 10)] });
    const boxes = groupBoxes(draft, (id) => (id === 'g1' ? { width: 300, height: 90 } : undefined));
    expect(boxes[0]).toEqual({ x: 0, y: 0, width: 300, height: 90 });
    expect(boxes[1]!.height).toBeGreaterThanOrEqual(10 * 30);
  });
});

describe('copyTitle', () => {
  it('keeps a free title, else counts copies from the original name', () => {
    expect(copyTitle('Sales', new Set(['Support']))).toBe('Sales');
    expect(copyTitle('Sales', new Set(['Sales']))).toBe('Sales (copy)');
    expect(copyTitle('Sales', new Set(['Sales', 'Sales (copy)']))).toBe('Sales (copy 2)');
    expect(copyTitle('Sales (copy)', new Set(['Sales', 'Sales (copy)']))).toBe('Sales (copy 2)');
  });
});

describe('startAt', () => {
  it('connects the start to the first group', () => {
    const made = addGroup(empty(), { x: 200, y: 0 });
    const draft = startAt(made.draft, made.groupId);
    expect(draft.edges).toEqual([
      expect.objectContaining({ from: { eventId: 'start' }, to: { groupId: made.groupId } }),
    ]);
  });

  it('leaves a start that leads somewhere, and a bot with other groups', () => {
    const first = addGroup(empty(), { x: 200, y: 0 });
    const started = startAt(first.draft, first.groupId);
    const second = addGroup(started, { x: 600, y: 0 });
    expect(startAt(second.draft, second.groupId)).toBe(second.draft);
    const unstarted = addGroup(first.draft, { x: 600, y: 0 });
    expect(startAt(unstarted.draft, unstarted.groupId)).toBe(unstarted.draft);
  });

  it('leaves a bot without a start', () => {
    const made = addGroup(readDraft({ groups: [] }), { x: 0, y: 0 });
    expect(startAt(made.draft, made.groupId)).toBe(made.draft);
  });
});

describe('instantiate', () => {
  const info = (defaultBlock: Record<string, unknown>) => ({
    type: 'Condition',
    category: 'logic' as const,
    label: 'Condition',
    optionsSchema: {},
    defaultBlock,
  });

  it('gives the block, its items and their comparisons fresh ids, and the entry’s type', () => {
    const block = instantiate(
      info({
        type: 'ignored',
        options: { nested: { id: 'old' } },
        items: [{ content: { comparisons: [{ value: 'a' }], logicalOperator: 'AND' } }, { content: 'text' }],
      }),
    );
    expect(block.type).toBe('Condition');
    expect(block.id).toMatch(/^p[0-9a-z]{23}$/);
    expect((block.options as { nested: { id: string } }).nested.id).not.toBe('old');
    const [condition, other] = block.items!;
    expect(condition!.id).toMatch(/^p/);
    expect(other!.id).toMatch(/^p/);
    expect(condition!.id).not.toBe(other!.id);
    const content = condition!.content as { comparisons: { id: string; value: string }[]; logicalOperator: string };
    expect(content.logicalOperator).toBe('AND');
    expect(content.comparisons).toEqual([{ id: expect.stringMatching(/^p/), value: 'a' }]);
    expect(other!.content).toBe('text');
  });

  it('makes a new block each time, leaving the catalog’s as it was', () => {
    const entry = info({ items: [{ id: 'keep' }] });
    const first = instantiate(entry);
    const second = instantiate(entry);
    expect(first.id).not.toBe(second.id);
    expect(first.items![0]!.id).not.toBe('keep');
    expect(entry.defaultBlock).toEqual({ items: [{ id: 'keep' }] });
  });

  it('adds no items to a block without any', () => {
    expect('items' in instantiate(info({ options: {} }))).toBe(false);
  });
});

describe('flaggedBlocks', () => {
  it('flags each block with its worst problem, ignoring problems of no block', () => {
    const flagged = flaggedBlocks([
      { severity: 'warning', message: 'a', blockId: 'b1' },
      { severity: 'error', message: 'b', blockId: 'b1' },
      { severity: 'warning', message: 'c', blockId: 'b1' },
      { severity: 'warning', message: 'd', blockId: 'b2' },
      { severity: 'error', message: 'e', groupId: 'g1' },
    ]);
    expect([...flagged]).toEqual([
      ['b1', 'error'],
      ['b2', 'warning'],
    ]);
  });
});

describe('locateProblems', () => {
  it('leads a link to a deleted group to the block or start it leaves from, in the order of the edges', () => {
    const draft = readDraft({
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
      groups: [group('g1', 0, 0, 2)],
      edges: [
        { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'gone-1' } },
        { id: 'e2', from: { blockId: 'g1-b0' }, to: { groupId: 'g1' } },
        { id: 'e3', from: { blockId: 'g1-b1' }, to: { groupId: 'gone-2' } },
      ],
    });
    const missing = {
      severity: 'error',
      code: 'MISSING_EDGE_TARGET',
      message: 'A link leads to a group that no longer exists',
    } as const;
    const located = locateProblems(
      [missing, { severity: 'warning', message: 'w', groupId: 'g1' }, missing, { severity: 'error', message: 'x' }],
      draft,
    );
    expect(located.map((problem) => problem.target)).toEqual([
      { eventId: 'start' },
      { groupId: 'g1' },
      { blockId: 'g1-b1' },
      undefined,
    ]);
    expect([...flaggedBlocks(located)]).toEqual([['g1-b1', 'error']]);
  });
});
