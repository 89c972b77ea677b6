// Publishing takes the draft as saved on the server: edits still waiting for
// their save (the editor saves after a pause) go out first.

const flushers = new Set<() => Promise<void>>();

/** An editor registers how to save what it holds; the returned function unregisters it. */
export function registerFlusher(flush: () => Promise<void>): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Saves every open editor's pending edits. */
export async function saveOpenEdits(): Promise<void> {
  await Promise.all([...flushers].map((flush) => flush()));
}
