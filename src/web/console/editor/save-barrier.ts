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

// A rename from the page's header saves the bot too, and every save counts a
// draft version: the editor, whose next save names the version it last saw,
// would take that for someone else's save. The header tells it which version
// its own save moved the bot from and to.

const followers = new Set<(from: number, to: number) => void>();

/** An editor follows the versions the page's own saves make; the returned function stops it. */
export function followOwnSaves(follow: (from: number, to: number) => void): () => void {
  followers.add(follow);
  return () => followers.delete(follow);
}

/** The page saved something besides the flow, moving the draft from version `from` to `to`. */
export function ownSaveMoved(from: number, to: number): void {
  for (const follow of followers) follow(from, to);
}
