import { stronglyConnected } from '../../../../src/engine/graph/strongly-connected';

/** Components as sorted node lists, in the order returned. */
const sorted = (components: number[][]) => components.map((members) => [...members].sort((a, b) => a - b));

test('a DAG: every node is its own component, each listed after the ones it reaches', () => {
  // 0 → 1 → 2, 0 → 2
  const { componentOf, components } = stronglyConnected([[1, 2], [2], []]);
  expect(sorted(components)).toEqual([[2], [1], [0]]);
  expect(componentOf).toEqual([2, 1, 0]);
});

test('a cycle is one component; what it reaches comes before it', () => {
  // 0 → 1 → 2 → 0, 2 → 3
  const { componentOf, components } = stronglyConnected([[1], [2], [0, 3], []]);
  expect(sorted(components)).toEqual([[3], [0, 1, 2]]);
  expect(componentOf).toEqual([1, 1, 1, 0]);
});

test('a self-loop, two separate cycles and an isolated node', () => {
  // 0 ⟲; 1 ⇄ 2 → 3 ⇄ 4; 5 alone
  const { componentOf, components } = stronglyConnected([[0], [2], [1, 3], [4], [3], []]);
  expect(sorted(components)).toEqual([[0], [3, 4], [1, 2], [5]]);
  expect(componentOf).toEqual([0, 2, 2, 1, 1, 3]);
});

test('no graph is too deep: a chain of 100,000 nodes closed into one cycle', () => {
  const count = 100_000;
  const successors = Array.from({ length: count }, (_, node) => [(node + 1) % count]);
  const { componentOf, components } = stronglyConnected(successors);
  expect(components).toHaveLength(1);
  expect(components[0]).toHaveLength(count);
  expect(new Set(componentOf)).toEqual(new Set([0]));
});

test('the empty graph has no component', () => {
  expect(stronglyConnected([])).toEqual({ componentOf: [], components: [] });
});
