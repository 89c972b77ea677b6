import { longestPaths, reachableComponents, type Condensed } from '../../../../src/engine/graph/longest-path';
import { stronglyConnected } from '../../../../src/engine/graph/strongly-connected';

const condense = (successors: number[][]): Condensed => ({ successors, ...stronglyConnected(successors) });

/** Values by node (each node takes its component's). */
const byNode = (graph: Condensed, values: (number | undefined)[]) =>
  graph.componentOf.map((component) => values[component]);

test('on a DAG, the heaviest path from each node', () => {
  // 0 → 1 → 3, 0 → 2 → 3; node weights 1, 5, 2, 1
  const graph = condense([[1, 2], [3], [3], []]);
  const nodeWeight = [1, 5, 2, 1];
  const weight = (component: number) => graph.components[component]!.reduce((sum, node) => sum + nodeWeight[node]!, 0);
  const values = longestPaths(graph, { weight, floor: () => 0 });
  expect(byNode(graph, values)).toEqual([7, 6, 3, 1]);
});

test('a cycle counts its weight once', () => {
  // 0 → 1 → 2 → 1 (a loop of 1 and 2), 2 → 3; every node weighs 1
  const graph = condense([[1], [2], [1, 3], []]);
  const weight = (component: number) => graph.components[component]!.length;
  expect(byNode(graph, longestPaths(graph, { weight, floor: () => 0 }))).toEqual([4, 3, 3, 1]);
});

test('floor: a path ends only where a component allows it, worth what the floor says', () => {
  // 0 → 1, 0 → 2; only 2 may end (worth 10 more); 1 is a sink that must go on (-Infinity)
  const graph = condense([[1, 2], [], []]);
  const weight = () => 1;
  const floor = (component: number) => (graph.components[component]!.includes(2) ? 10 : -Infinity);
  expect(byNode(graph, longestPaths(graph, { weight, floor }))).toEqual([12, -Infinity, 11]);
});

test('from a component: only what it reaches is evaluated', () => {
  // 0 → 1, 2 → 1; from 0, node 2 is never asked about
  const graph = condense([[1], [], [1]]);
  const asked: number[] = [];
  const weight = (component: number) => {
    asked.push(...graph.components[component]!);
    return 1;
  };
  const from = graph.componentOf[0]!;
  const values = longestPaths(graph, { weight, floor: () => 0 }, from);
  expect(values[from]).toBe(2);
  expect(byNode(graph, values)).toEqual([2, 1, undefined]);
  expect(asked.sort()).toEqual([0, 1]);
});

test('reachable components, the start included', () => {
  // 0 → 1 ⇄ 2, 3 → 0
  const graph = condense([[1], [2], [1], [0]]);
  const reached = [...reachableComponents(graph, graph.componentOf[0]!)].map((component) =>
    [...graph.components[component]!].sort(),
  );
  expect(reached.sort()).toEqual([[0], [1, 2]]);
});
