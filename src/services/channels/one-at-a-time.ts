// The runners of one process claim from the same queue: claiming at the same
// moment, they pick the same candidates and all but one lose (on PostgreSQL, a
// transaction each). Their claims go one after another instead; what a claim
// gives is still handled in parallel.

/** `task`, its calls run one after another: the next starts once the previous settled. */
export function oneAtATime<T>(task: () => Promise<T>): () => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return () => {
    const next = last.then(task, task);
    last = next.catch(() => undefined);
    return next;
  };
}
