// Heaviest paths on a graph condensed into its strongly connected components
// (see strongly-connected.ts): a cycle is one weighted component, so paths
// are taken on a DAG, each component once, in Tarjan's order (every component
// after those it reaches), without recursion.
import type { Components } from './strongly-connected';

/** A graph and its strongly connected components. */
export interface Condensed extends Components {
  successors: readonly (readonly number[])[];
}

export interface PathWeights {
  /** What passing through a component adds to a path. */
  weight(component: number): number;
  /**
   * What a path from a component is worth at least beyond it, before the
   * components it leads to: where a path may stop there (0, or what comes
   * after), -Infinity where it must go on.
   */
  floor(component: number): number;
}

/** The components reachable from component `from` (itself included). */
export function reachableComponents(graph: Condensed, from: number): Set<number> {
  const reachable = new Set<number>([from]);
  const pending = [from];
  while (pending.length > 0) {
    const component = pending.pop()!;
    for (const node of graph.components[component]!) {
      for (const next of graph.successors[node]!) {
        const target = graph.componentOf[next]!;
        if (!reachable.has(target)) {
          reachable.add(target);
          pending.push(target);
        }
      }
    }
  }
  return reachable;
}

/**
 * The heaviest path from each component:
 * value(c) = weight(c) + max(floor(c), value(d) for every other component d that c leads to).
 * With `from`, only the components reachable from that one are evaluated
 * (`weight` and `floor` are asked about those only, in Tarjan's order); the
 * others stay undefined.
 */
export function longestPaths(graph: Condensed, weights: PathWeights): number[];
export function longestPaths(graph: Condensed, weights: PathWeights, from: number): (number | undefined)[];
export function longestPaths(graph: Condensed, weights: PathWeights, from?: number): (number | undefined)[] {
  const only = from === undefined ? undefined : reachableComponents(graph, from);
  const values = new Array<number | undefined>(graph.components.length);
  graph.components.forEach((members, component) => {
    if (only && !only.has(component)) return;
    const weight = weights.weight(component);
    let best = weights.floor(component);
    for (const node of members) {
      for (const next of graph.successors[node]!) {
        const target = graph.componentOf[next]!;
        if (target !== component) best = Math.max(best, values[target]!);
      }
    }
    values[component] = weight + best;
  });
  return values;
}
