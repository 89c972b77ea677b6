// Tarjan's strongly connected components of a directed graph whose nodes are
// 0 … n-1, iterative so that no graph is too deep for the stack.

/** A graph's strongly connected components. */
export interface Components {
  /** Component of each node. */
  componentOf: number[];
  /**
   * The components' nodes, in the order Tarjan completes them: every
   * component comes after all the components it reaches (reverse topological
   * order of the condensed graph).
   */
  components: number[][];
}

/** Tarjan's strongly connected components of the graph `successors[node]` describes, without recursion. */
export function stronglyConnected(successors: readonly (readonly number[])[]): Components {
  const count = successors.length;
  const index = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const componentOf = new Array<number>(count).fill(-1);
  const components: number[][] = [];
  const stack: number[] = [];
  let counter = 0;
  for (let root = 0; root < count; root += 1) {
    if (index[root] !== -1) continue;
    const frames: { node: number; next: number }[] = [{ node: root, next: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const { node } = frame;
      const out = successors[node]!;
      if (frame.next < out.length) {
        const child = out[frame.next]!;
        frame.next += 1;
        if (index[child] === -1) {
          index[child] = low[child] = counter++;
          stack.push(child);
          onStack[child] = true;
          frames.push({ node: child, next: 0 });
        } else if (onStack[child]) {
          low[node] = Math.min(low[node]!, index[child]!);
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[node]!);
      if (low[node] !== index[node]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = false;
        componentOf[member] = components.length;
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  }
  return { componentOf, components };
}
