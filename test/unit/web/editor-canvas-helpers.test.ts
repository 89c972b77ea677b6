import type { EdgeChange, NodeChange } from '@xyflow/react';
import { readEdgeSelection, readNodeChanges } from '../../../src/web/console/editor/flow-changes';
import { handleOf, sourceOf, targetBlockOf, targetHandleOf } from '../../../src/web/console/editor/handles';
import { itemLabel } from '../../../src/web/console/editor/item-label';

// The canvas's pure parts: handle ids both ways, what items read as, and React Flow's change batches.

describe('handle ids', () => {
  it('spell every edge source and read back the same', () => {
    const sources = [{ blockId: 'b1' }, { blockId: 'b1', itemId: 'i1' }, { blockId: 'b1', itemId: 'i1', pathId: 'p1' }];
    for (const source of sources) {
      const { node, handle } = handleOf(source);
      expect(node).toBeUndefined();
      expect(sourceOf('group-1', handle)).toEqual(source);
    }
    expect(handleOf({ eventId: 'e1' })).toEqual({ node: 'event:e1', handle: 'out' });
    expect(sourceOf('event:e1', 'out')).toEqual({ eventId: 'e1' });
  });

  it('name the exact handles the group node draws', () => {
    expect(handleOf({ blockId: 'b' }).handle).toBe('block:b');
    expect(handleOf({ blockId: 'b', itemId: 'i' }).handle).toBe('item:b:i');
    expect(handleOf({ blockId: 'b', itemId: 'i', pathId: 'p' }).handle).toBe('path:b:i:p');
  });

  it('know no source for a group’s input or no handle', () => {
    expect(sourceOf('group-1', 'in')).toBeUndefined();
    expect(sourceOf('group-1', null)).toBeUndefined();
  });

  it('target a block or its group', () => {
    expect(targetHandleOf('b1')).toBe('block:b1');
    expect(targetHandleOf(undefined)).toBe('in');
    expect(targetBlockOf('block:b1')).toBe('b1');
    expect(targetBlockOf('in')).toBeUndefined();
    expect(targetBlockOf(null)).toBeUndefined();
  });
});

describe('item labels', () => {
  const names = new Map([['v1', 'Age']]);

  it('read a button’s words, else a picture’s title', () => {
    expect(itemLabel({ id: 'i', content: 'Yes' }, 0, names)).toBe('Yes');
    expect(itemLabel({ id: 'i', content: '', title: 'Cat' }, 0, names)).toBe('Cat');
  });

  it('read a condition’s comparisons with the variables’ names', () => {
    const condition = {
      id: 'i',
      content: {
        logicalOperator: 'OR',
        comparisons: [
          { variableId: 'v1', comparisonOperator: 'Greater than', value: '17' },
          { variableId: 'gone', value: 'x' },
          {},
        ],
      },
    };
    expect(itemLabel(condition, 0, names)).toBe('If Age Greater than 17 or ? Equal to x or ? Equal to');
    expect(itemLabel({ id: 'i', content: { comparisons: [{ variableId: 'v1', value: 1 }] } }, 0, names)).toBe(
      'If Age Equal to 1',
    );
  });

  it('number what has nothing to show', () => {
    expect(itemLabel({ id: 'i', content: { comparisons: [] } }, 2, names)).toBe('Condition 3');
    expect(itemLabel({ id: 'i' }, 1, names)).toBe('Item 2');
  });
});

describe('node changes', () => {
  const empty = { dragging: new Map(), measured: new Map(), selectedGroupIds: [] as string[] };

  it('keep positions in flight and hand back released ones, events by their own id', () => {
    const inFlight = readNodeChanges(
      [{ id: 'g1', type: 'position', dragging: true, position: { x: 5, y: 6 } }] as NodeChange[],
      empty,
    );
    expect([...inFlight.moving]).toEqual([['g1', { x: 5, y: 6 }]]);
    expect(inFlight.finished.size).toBe(0);

    const released = readNodeChanges(
      [
        { id: 'g1', type: 'position', dragging: false },
        { id: 'event:e1', type: 'position', dragging: false, position: { x: 1, y: 2 } },
      ] as NodeChange[],
      { ...empty, dragging: inFlight.moving },
    );
    expect(released.moving.size).toBe(0);
    expect([...released.finished]).toEqual([
      ['g1', { x: 5, y: 6 }],
      ['e1', { x: 1, y: 2 }],
    ]);
    expect(released.selection).toBeUndefined();
    expect(released.sizes).toBeUndefined();
  });

  it('keep every measured size', () => {
    const read = readNodeChanges(
      [{ id: 'g2', type: 'dimensions', dimensions: { width: 10, height: 20 } }] as NodeChange[],
      { ...empty, measured: new Map([['g1', { width: 1, height: 2 }]]) },
    );
    expect([...read.sizes!]).toEqual([
      ['g1', { width: 1, height: 2 }],
      ['g2', { width: 10, height: 20 }],
    ]);
  });

  it('select groups, never the start', () => {
    const read = readNodeChanges(
      [
        { id: 'g2', type: 'select', selected: true },
        { id: 'event:e1', type: 'select', selected: true },
        { id: 'g1', type: 'select', selected: false },
      ] as NodeChange[],
      { ...empty, selectedGroupIds: ['g1', 'g3'] },
    );
    expect(read.selection).toEqual(['g3', 'g2']);
  });
});

describe('edge selection', () => {
  it('changes only with select changes', () => {
    expect(readEdgeSelection([{ id: 'x', type: 'remove' }] as EdgeChange[], ['a'])).toBeUndefined();
    expect(
      readEdgeSelection(
        [
          { id: 'b', type: 'select', selected: true },
          { id: 'a', type: 'select', selected: false },
          { id: 'b', type: 'select', selected: true },
        ] as EdgeChange[],
        ['a'],
      ),
    ).toEqual(['b']);
  });
});
